/// How a developer-chosen directory name — an application's name, a store's or cache's name, the
/// `SavableObjects` directory — appears on disk, and how a directory an earlier version named is
/// adopted.
///
/// A *portable* name — only POSIX portable file-name characters (`A–Z a–z 0–9 . _ -`), not starting
/// with `.` or `-`, 1 to ``maximumPortableLength`` bytes — is used as written: a store named
/// `Archiver` of the application `MyTool` lives in `MyTool/Archiver`. Any other name is escaped as
/// keys are (``KeyFileName``), so it still cannot leave its parent directory or hide itself.
/// Earlier versions escaped every name (`^my^tool/^archiver`);
/// ``adopt(_:formerly:fileSystem:)`` renames such a directory to the name as written, so existing
/// data is not orphaned.
package enum StoreDirectoryName {
    /// The longest name used as written (longer portable names are escaped).
    package static let maximumPortableLength = 128

    /// Whether `name` is used as written.
    ///
    /// - Parameter name: A directory name.
    /// - Returns: `true` for 1 to ``maximumPortableLength`` portable file-name characters not
    ///   starting with `.` or `-`.
    package static func isPortable(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= maximumPortableLength,
              first != UInt8(ascii: "."), first != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    /// The directory name of `name`: as written when portable, otherwise escaped like a key.
    ///
    /// - Parameter name: Any string.
    /// - Returns: A single safe path component.
    package static func component(for name: String) -> String {
        isPortable(name) ? name : escapedComponent(for: name)
    }

    /// The directory name earlier versions gave `name`: always escaped like a key.
    ///
    /// - Parameter name: Any string.
    /// - Returns: The escaped (or hashed) stem.
    package static func escapedComponent(for name: String) -> String {
        KeyFileName.stem(for: name).text
    }

    /// The earlier directories this process kept using because they could not be renamed.
    package static let kept = EarlierDirectoriesInUse()

    /// The directory to use at `path`, adopting the escaped directory `legacy` earlier versions used.
    ///
    /// When `path` does not exist but `legacy` is a directory, `legacy` is renamed to `path` (one
    /// atomic `rename` within the same parent). If the rename fails, `legacy` stays in use — unless
    /// `path` now exists because another process adopted it first — and this process keeps using
    /// it from then on (see ``EarlierDirectoriesInUse``), so that no later rename moves it away from
    /// a store that opened it. Problems looking at either path are left for the store's opening to
    /// report.
    /// - Parameters:
    ///   - path: The directory as named now.
    ///   - legacy: The directory as an earlier version named it.
    ///   - fileSystem: The file system to look and rename through.
    /// - Returns: `path`, or `legacy` when it exists and could not be renamed.
    package static func adopt(_ path: String, formerly legacy: String, fileSystem: any FileSystem) -> String {
        guard legacy != path else { return path }
        if kept.contains(legacy), case .some(.some(let old)) = try? fileSystem.status(legacy), old.isDirectory {
            return legacy
        }
        guard case .some(.none) = try? fileSystem.status(path),
              case .some(.some(let old)) = try? fileSystem.status(legacy), old.isDirectory else { return path }
        do {
            try fileSystem.rename(legacy, to: path)
        } catch {
            if case .some(.some(let now)) = try? fileSystem.status(path), now.isDirectory { return path }
            kept.keep(legacy)
            return legacy
        }
        // The rename is visible; flushing the parent makes it survive a power loss (if it does not,
        // the next opening adopts the directory again).
        try? fileSystem.syncDirectory(AtomicFileWriter.directory(of: path))
        return path
    }
}
