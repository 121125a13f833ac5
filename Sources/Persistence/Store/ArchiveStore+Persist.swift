import AutoCoding
import Foundation

extension ArchiveStore {
    /// Archives `value` and stores it under `key`, replacing any previous value durably.
    ///
    /// Returns after the file is in place (and, with ``WriteDurability/full``, flushed). Runs after
    /// any background write of the same key issued earlier.
    /// - Parameters:
    ///   - value: The value to store.
    ///   - key: Any string.
    /// - Returns: The key's file and its size.
    /// - Throws: ``PersistenceError``: ``PersistenceError/Kind/unsupportedValue`` when the value cannot
    ///   be archived; ``PersistenceError/Kind/noSpace``, ``PersistenceError/Kind/permission`` or
    ///   ``PersistenceError/Kind/io`` with the key, file and `errno` when the write fails. The previous
    ///   value is intact after any failure.
    @discardableResult
    public func persist<Value: AutoCodable>(_ value: Value, forKey key: String) throws(PersistenceError) -> StoredFile {
        let normalized = KeyFileName.normalized(key)
        let contents = try encodedFile(value, key: normalized)
        let path = try paths.pathForWriting(normalized)
        return try background.performNow(contents, to: path, key: normalized, durability: durability).get()
    }

    /// The value stored under `key`.
    ///
    /// Sees the newest write accepted for the key, even one still in the background.
    /// - Parameters:
    ///   - type: The type to restore.
    ///   - key: Any string.
    /// - Returns: The value.
    /// - Throws: ``PersistenceError``: ``PersistenceError/Kind/notFound`` when nothing is stored,
    ///   ``PersistenceError/Kind/corrupt`` (with the key and file) when the file is damaged or
    ///   truncated, ``PersistenceError/Kind/typeMismatch`` when the archive is not a `type`, or an
    ///   I/O kind when the file cannot be read. The store stays usable after any of them.
    public func retrieve<Value: AutoCodable>(_ type: Value.Type, forKey key: String) throws(PersistenceError) -> Value {
        let normalized = KeyFileName.normalized(key)
        guard let (path, data) = try storedFile(forKey: normalized) else {
            throw PersistenceError(.notFound, "nothing is stored under key \"\(normalized)\" in store \"\(name)\"",
                                   key: normalized, path: try? paths.pathForReading(normalized))
        }
        return try decode(type, from: data, key: normalized, path: path)
    }

    /// The value stored under `key`, or `nil` when there is none.
    ///
    /// - Parameters:
    ///   - type: The type to restore.
    ///   - key: Any string.
    /// - Returns: The value, or `nil` when nothing is stored.
    /// - Throws: ``PersistenceError`` for a damaged file, a type mismatch or an I/O failure.
    public func retrieveIfPresent<Value: AutoCodable>(_ type: Value.Type,
                                                      forKey key: String) throws(PersistenceError) -> Value? {
        do {
            return try retrieve(type, forKey: key)
        } catch where error.kind == .notFound {
            return nil
        }
    }

    /// Removes the value stored under `key`, durably.
    ///
    /// - Parameter key: Any string.
    /// - Returns: `false` when nothing was stored.
    /// - Throws: ``PersistenceError`` with the key and file when the file cannot be removed.
    @discardableResult
    public func delete(forKey key: String) throws(PersistenceError) -> Bool {
        let normalized = KeyFileName.normalized(key)
        guard let path = try paths.pathForReading(normalized) else { return false }
        let existed = try contains(normalized)
        _ = try background.performNow(nil, to: path, key: normalized, durability: durability).get()
        return existed
    }

    /// Atomically reads, changes and stores the value of `key`, across threads and processes.
    ///
    /// Every `update` of the store's directory — from any thread, any store instance or any other
    /// process — excludes the others from its read to its stored write, so concurrent updates never
    /// lose each other's changes. Between processes this is an exclusive `flock` on the directory's
    /// `.archivist-update.lock` file (created at the first update, never listed as a key, kept by
    /// ``deleteEverything()``), opened afresh for each update; within a process a lock admits one
    /// update at a time. The lock covers the whole store, so updates of different keys also run
    /// one after another, and other processes wait while `body` runs: keep it short.
    ///
    /// `body` may update other keys of this store (a nested update shares the outer one's lock;
    /// a nested update of the same key is overwritten when the outer one stores its value). It
    /// must not wait for another thread or process that updates this directory, nor update it
    /// through a second store instance: either would wait for itself. ``persist(_:forKey:)`` and
    /// ``delete(forKey:)`` take no lock, so a plain write of the key may still land between an
    /// update's read and write.
    /// - Parameters:
    ///   - type: The value's type.
    ///   - key: Any string.
    ///   - defaultValue: The value to start from when nothing is stored.
    ///   - body: Changes the value; throwing leaves the stored value as it was.
    /// - Returns: The stored new value.
    /// - Throws: ``PersistenceError`` from reading or writing, or with the key and the lock file's
    ///   path when the lock cannot be opened or taken (nothing is read or written then); or the
    ///   error `body` throws.
    @discardableResult
    public func update<Value: AutoCodable>(_ type: Value.Type, forKey key: String,
                                           default defaultValue: @autoclosure () -> Value,
                                           _ body: (inout Value) throws -> Void) throws -> Value {
        let normalized = KeyFileName.normalized(key)
        return try updateLock.withLock(key: normalized) { () throws -> Value in
            var value = try retrieveIfPresent(type, forKey: normalized) ?? defaultValue()
            try body(&value)
            try persist(value, forKey: normalized)
            return value
        }
    }

    /// The newest bytes of `key`: a pending background write's, or the file's.
    ///
    /// - Returns: The file and its bytes, or `nil` when nothing is stored.
    func storedFile(forKey key: String) throws(PersistenceError) -> (path: String, data: Data)? {
        guard let found = try storedFile(forKey: key, at: try paths.pathForReading(key)) else { return nil }
        // A long key's remembered file may since hold a colliding key another process wrote: look again.
        if KeyFileName.isHashed(KeyFileName.stem(for: key).text),
           let stored = try? StoreFileEnvelope.key(in: found.data), stored != key {
            paths.forget(key)
            return try storedFile(forKey: key, at: try paths.pathForReading(key))
        }
        return found
    }

    private func storedFile(forKey key: String, at path: String?) throws(PersistenceError) -> (path: String, data: Data)? {
        guard let path else { return nil }
        if let pending = background.pendingContents(of: path) {
            guard let pending else { return nil }
            return (path, pending)
        }
        do {
            return (path, try fileSystem.readFile(path))
        } catch where error.code == ENOENT {
            return nil
        } catch {
            throw PersistenceError(error, "cannot read key \"\(key)\" from store \"\(name)\"", key: key)
        }
    }

    /// The file contents for `value`: the envelope around its binary archive.
    func encodedFile<Value: AutoCodable>(_ value: Value, key: String) throws(PersistenceError) -> Data {
        do {
            return StoreFileEnvelope.encode(try AutoArchiver.archive(value, format: .binary), key: key)
        } catch let error as AutoCodingError {
            throw PersistenceError(.unsupportedValue, "cannot archive the value for key \"\(key)\"", key: key,
                                   underlying: error)
        } catch {
            throw PersistenceError(.unsupportedValue, "cannot archive the value for key \"\(key)\": \(error)", key: key)
        }
    }

    /// Unwraps and unarchives a key's file.
    func decode<Value: AutoCodable>(_ type: Value.Type, from data: Data, key: String,
                                    path: String) throws(PersistenceError) -> Value {
        let payload: Data
        do {
            let envelope = try StoreFileEnvelope.decode(data)
            guard envelope.key == key else {
                throw PersistenceError(.corrupt, "the file of key \"\(key)\" holds key \"\(envelope.key)\"",
                                       key: key, path: path)
            }
            payload = envelope.payload
        } catch let problem as StoreFileEnvelope.Problem {
            throw PersistenceError(.corrupt, "the file of key \"\(key)\" is damaged: \(problem)", key: key, path: path)
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError(.corrupt, "the file of key \"\(key)\" is damaged: \(error)", key: key, path: path)
        }
        do {
            return try AutoArchiver.unarchive(type, from: payload)
        } catch let error as AutoCodingError {
            let kind: PersistenceError.Kind = error.kind == .corruptArchive ? .corrupt : .typeMismatch
            throw PersistenceError(kind, "cannot restore key \"\(key)\" as \(Value.self)", key: key, path: path,
                                   underlying: error)
        } catch {
            throw PersistenceError(.corrupt, "cannot restore key \"\(key)\" as \(Value.self): \(error)", key: key,
                                   path: path)
        }
    }
}
