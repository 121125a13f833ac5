import Foundation

/// Finds the file of each key in a store's directory, including long keys whose names are hashed.
///
/// An exact stem is the key's file by construction. A hashed stem (`prefix~hash`) may be shared by
/// colliding keys, so its files are `stem.arv`, `stem~1.arv`, `stem~2.arv`…, and the key stored in
/// each file's header says whose it is. Resolved hashed paths are remembered, so only the first use
/// of a long key reads the directory.
final class EntryPathResolver: @unchecked Sendable {
    // @unchecked: `hashedPaths` is only touched while `lock` is held.
    private let lock = NSLock()
    private var hashedPaths: [String: String] = [:]
    private let directory: String
    private let fileSystem: any FileSystem

    init(directory: String, fileSystem: any FileSystem) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    /// The file name of an exact or hashed stem with a collision index.
    static func fileName(stem: String, collision: Int = 0) -> String {
        collision == 0 ? "\(stem).\(ArchiveStore.fileExtension)" : "\(stem)~\(collision).\(ArchiveStore.fileExtension)"
    }

    /// The path a read of `key` should try, or `nil` when a hashed key has no file.
    ///
    /// - Parameter key: A normalized key.
    /// - Throws: ``PersistenceError`` when the directory cannot be listed.
    func pathForReading(_ key: String) throws(PersistenceError) -> String? {
        switch KeyFileName.stem(for: key) {
        case .exact(let stem):
            return AtomicFileWriter.join(directory, Self.fileName(stem: stem))
        case .hashed(let stem):
            lock.lock()
            defer { lock.unlock() }
            if let known = hashedPaths[key] { return known }
            let scan = try scanCandidates(stem: stem, key: key)
            if let match = scan.match { hashedPaths[key] = match }
            // An unreadable candidate may be this key's damaged file: let the read report it.
            return scan.match ?? scan.unreadable.first
        }
    }

    /// The path a write of `key` goes to (claiming a free collision slot for a new hashed key).
    ///
    /// - Parameter key: A normalized key.
    /// - Throws: ``PersistenceError`` when the directory cannot be listed.
    func pathForWriting(_ key: String) throws(PersistenceError) -> String {
        switch KeyFileName.stem(for: key) {
        case .exact(let stem):
            return AtomicFileWriter.join(directory, Self.fileName(stem: stem))
        case .hashed(let stem):
            lock.lock()
            defer { lock.unlock() }
            if let known = hashedPaths[key] { return known }
            let scan = try scanCandidates(stem: stem, key: key)
            if let match = scan.match {
                hashedPaths[key] = match
                return match
            }
            let claimed = Set(hashedPaths.values)
            var collision = 0
            while true {
                let path = AtomicFileWriter.join(directory, Self.fileName(stem: stem, collision: collision))
                if !scan.taken.contains(path) && !claimed.contains(path) {
                    hashedPaths[key] = path
                    return path
                }
                collision += 1
            }
        }
    }

    /// The key stored in an entry file, or `nil` for names that are not entries of this store.
    ///
    /// - Parameter name: A file name in the store's directory.
    /// - Returns: The key: from the name for exact stems, from the file's header for hashed ones.
    func key(ofFileNamed name: String) -> String? {
        let suffix = "." + ArchiveStore.fileExtension
        guard name.hasSuffix(suffix), !AtomicFileWriter.isTemporaryFileName(name) else { return nil }
        let stem = String(name.dropLast(suffix.count))
        if let key = KeyFileName.key(fromStem: stem) { return key }
        guard KeyFileName.isHashed(stem),
              let data = try? fileSystem.readFile(AtomicFileWriter.join(directory, name)),
              let key = try? StoreFileEnvelope.key(in: data) else { return nil }
        // Only a file whose name is this key's hashed stem (or a collision of it) belongs to the key.
        guard case .hashed(let expected) = KeyFileName.stem(for: key), stem == expected || stem.hasPrefix(expected + "~")
        else { return nil }
        return key
    }

    /// Whether `name` is an entry file of a hashed key (whatever its contents).
    static func isHashedEntryName(_ name: String) -> Bool {
        let suffix = "." + ArchiveStore.fileExtension
        guard name.hasSuffix(suffix), !AtomicFileWriter.isTemporaryFileName(name) else { return false }
        return KeyFileName.isWellFormedHashedStem(String(name.dropLast(suffix.count)))
    }

    /// Forgets the remembered file of `key`, so the next use scans the directory again.
    func forget(_ key: String) {
        lock.withLock { hashedPaths[key] = nil }
    }

    /// Forgets every remembered hashed path (after the files were removed).
    func forgetAll() {
        lock.withLock { hashedPaths.removeAll() }
    }

    private func scanCandidates(stem: String,
                                key: String) throws(PersistenceError) -> (match: String?, taken: Set<String>, unreadable: [String]) {
        let names: [String]
        do {
            names = try fileSystem.contentsOfDirectory(directory)
        } catch {
            throw PersistenceError(error, "cannot list the store to find key \"\(key)\"", key: key)
        }
        var taken = Set<String>()
        var unreadable: [String] = []
        let suffix = "." + ArchiveStore.fileExtension
        for name in names where name.hasPrefix(stem) && name.hasSuffix(suffix) {
            let path = AtomicFileWriter.join(directory, name)
            taken.insert(path)
            guard let data = try? fileSystem.readFile(path), let stored = try? StoreFileEnvelope.key(in: data) else {
                unreadable.append(path)
                continue
            }
            if stored == key { return (path, taken, unreadable) }
        }
        return (nil, taken, unreadable)
    }
}
