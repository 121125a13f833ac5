import Foundation

extension ArchiveStore {
    /// Whether a value is stored under `key` (including a write still in the background).
    ///
    /// - Parameter key: Any string.
    /// - Returns: `true` when ``retrieve(_:forKey:)`` would find a file.
    /// - Throws: ``PersistenceError`` when the file system cannot be asked.
    public func contains(_ key: String) throws(PersistenceError) -> Bool {
        let normalized = KeyFileName.normalized(key)
        guard let path = try paths.pathForReading(normalized) else { return false }
        if let pending = background.pendingContents(of: path) { return pending != nil }
        do {
            return try fileSystem.status(path) != nil
        } catch {
            throw PersistenceError(error, "cannot check key \"\(normalized)\" in store \"\(name)\"", key: normalized)
        }
    }

    /// Every key with a stored value, sorted (including writes still in the background).
    ///
    /// Keys are in normalization form C. Files in the directory that this store did not write are
    /// ignored.
    /// - Returns: The keys.
    /// - Throws: ``PersistenceError`` when the directory cannot be listed.
    public func keys() throws(PersistenceError) -> [String] {
        let names: [String]
        do {
            names = try fileSystem.contentsOfDirectory(directory)
        } catch {
            throw PersistenceError(error, "cannot list store \"\(name)\"")
        }
        var keys = Set<String>()
        for name in names {
            if let key = paths.key(ofFileNamed: name) { keys.insert(key) }
        }
        for (path, contents) in background.pendingPaths() {
            let name = (path as NSString).lastPathComponent
            if let contents {
                if let key = try? StoreFileEnvelope.key(in: contents) { keys.insert(key) }
            } else if let key = paths.key(ofFileNamed: name) {
                keys.remove(key)
            }
        }
        return keys.sorted()
    }

    /// Removes every value of this store, and nothing else.
    ///
    /// Pending background writes finish first (and are then removed). Only the store's own entry
    /// files (and temporary files crashed writers left) are removed; other files in the directory
    /// (the update lock file among them), and the directory itself, stay.
    /// - Throws: ``PersistenceError`` naming the first file that could not be removed (the others
    ///   are still attempted).
    public func deleteEverything() throws(PersistenceError) {
        background.flush()
        let names: [String]
        do {
            names = try fileSystem.contentsOfDirectory(directory)
        } catch {
            throw PersistenceError(error, "cannot list store \"\(name)\"")
        }
        var firstFailure: PersistenceError?
        let writer = AtomicFileWriter(fileSystem: fileSystem)
        for entry in names {
            let key = paths.key(ofFileNamed: entry)
            // A damaged file with a hashed name has no readable key but is still this store's.
            guard key != nil || EntryPathResolver.isHashedEntryName(entry) else { continue }
            do {
                try writer.remove(AtomicFileWriter.join(directory, entry), durability: .atomic)
            } catch {
                if firstFailure == nil {
                    firstFailure = PersistenceError(error, "cannot delete \(key.map { "key \"\($0)\"" } ?? entry) of store \"\(name)\"",
                                                    key: key)
                }
            }
        }
        paths.forgetAll()
        writer.removeLeftoverTemporaryFiles(in: directory)
        if durability.synchronizes {
            do {
                try fileSystem.syncDirectory(directory)
            } catch {
                if firstFailure == nil { firstFailure = PersistenceError(error, "cannot make the deletions durable") }
            }
        }
        if let firstFailure { throw firstFailure }
    }
}
