import Archivist

/// A folder of a file tree: a class whose `Codable` comes from AutoCoding, holding entries whose
/// `Codable` is synthesized — so each folder inside is read by a bridge call of its own.
public final class Folder: AutoCodable, Codable {
    public var name = ""
    public var entries: [FolderEntry] = []
    public required init() {}

    /// A folder `depth` levels deep: each holds a file and the next folder.
    public static func nested(_ depth: Int) -> Folder {
        let root = Folder()
        var last = root
        for level in 1 ..< depth {
            let folder = Folder()
            folder.name = "level \(level)"
            last.entries = [.file("notes \(level).txt"), .folder(folder)]
            last = folder
        }
        return root
    }

    /// How many folders this one holds at any depth, itself included.
    public var folderCount: Int {
        var count = 0
        var pending = [self]
        while let folder = pending.popLast() {
            count += 1
            for case .folder(let inner) in folder.entries { pending.append(inner) }
        }
        return count
    }
}

/// An entry of a ``Folder``, with synthesized `Codable` (`{"folder": {"_0": …}}`).
public enum FolderEntry: Codable {
    case file(String)
    case folder(Folder)
}
