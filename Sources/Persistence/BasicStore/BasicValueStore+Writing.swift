import Foundation

extension BasicValueStore {
    /// Stores `value` under `key`, replacing any previous value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: Any string.
    /// - Throws: ``PersistenceError`` with the key and the log's path: `.unsupportedValue` when the
    ///   encoded value exceeds 64 MiB, `.noSpace`, `.io` or `.permission` when the append fails —
    ///   the previous value is then still stored.
    public func set(_ value: BasicValue, forKey key: String) throws(PersistenceError) {
        try write(BasicLogRecord(key: KeyFileName.normalized(key), value: value))
    }

    /// Removes the value stored under `key`; nothing is written when there is none.
    ///
    /// - Parameter key: Any string.
    /// - Throws: ``PersistenceError`` with the key when the append fails; the value is then still
    ///   stored.
    public func removeValue(forKey key: String) throws(PersistenceError) {
        try write(BasicLogRecord(key: KeyFileName.normalized(key), value: nil))
    }

    /// Reads, changes and writes the value under `key` as one step, excluding other threads and
    /// processes in between: concurrent updates are never lost.
    ///
    /// - Parameters:
    ///   - key: Any string.
    ///   - body: Receives the current value (`nil` when none) and may change it; setting it to
    ///     `nil` removes the key. Must not use this store.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (nothing is written then), or ``PersistenceError`` when the
    ///   write fails.
    @discardableResult
    public func update<Result>(forKey key: String, _ body: (inout BasicValue?) throws -> Result) throws -> Result {
        let key = KeyFileName.normalized(key)
        lock.lock()
        defer { lock.unlock() }
        try lockFile()
        defer { log.unlock() }
        try refreshLocked()
        let old = index.value(forKey: key)
        var new = old
        let result = try body(&new)
        // Written even when equal: `==` cannot tell -0.0 from 0.0, and a rewrite is cheap.
        if new != nil || old != nil {
            try appendLocked(BasicLogRecord(key: key, value: new))
        }
        return result
    }

    /// Removes every key: the log is replaced by an empty one, atomically and durably.
    ///
    /// - Throws: ``PersistenceError`` when the log cannot be replaced; the store is then unchanged.
    public func removeAll() throws(PersistenceError) {
        lock.lock()
        defer { lock.unlock() }
        try withFileLock { () throws(PersistenceError) in
            do throws(SystemCallError) {
                try log.replace(with: BasicLogFormat.header)
            } catch {
                throw PersistenceError(error, "cannot remove all values")
            }
            willRemoveAllLocked()
            index.removeAll()
            unsynchronized = false
        }
    }

    /// Flushes writes made with ``Durability/batched`` to the device and reads what other processes
    /// wrote, like `UserDefaults.synchronize()`.
    ///
    /// - Throws: ``PersistenceError`` when `fsync` or reading fails; the unsynchronized writes may
    ///   then not survive a power loss.
    public func synchronize() throws(PersistenceError) {
        lock.lock()
        defer { lock.unlock() }
        try withFileLock { () throws(PersistenceError) in
            try refreshLocked()
            guard unsynchronized else { return }
            do throws(SystemCallError) {
                try log.sync()
            } catch {
                throw PersistenceError(error, "cannot synchronize the basic-value store")
            }
            unsynchronized = false
        }
    }

    /// Rewrites the log with only the current values, atomically and durably, whatever the garbage.
    ///
    /// - Throws: ``PersistenceError`` when the new log cannot be written; the old one stays in use.
    public func compact() throws(PersistenceError) {
        lock.lock()
        defer { lock.unlock() }
        try withFileLock { () throws(PersistenceError) in
            try refreshLocked()
            try compactLocked()
        }
    }

    /// Appends `record` after catching up with other processes, unless it removes a missing key.
    private func write(_ record: BasicLogRecord) throws(PersistenceError) {
        lock.lock()
        defer { lock.unlock() }
        try withFileLock { () throws(PersistenceError) in
            try refreshLocked()
            // A removal of a missing key changes nothing: skip the write.
            if record.value == nil && index.value(forKey: record.key) == nil { return }
            try appendLocked(record)
        }
    }

    /// Appends one record and applies it; compacts if due. Needs `lock` and the `flock`.
    private func appendLocked(_ record: BasicLogRecord) throws(PersistenceError) {
        guard let framed = record.framed() else {
            throw PersistenceError(.unsupportedValue, "cannot set key \"\(record.key)\": the encoded value exceeds "
                                   + "the \(BasicLogFormat.maximumPayloadSize >> 20) MiB record limit",
                                   key: record.key, path: log.path)
        }
        do {
            try log.append(framed, sync: durability == .everyWrite)
        } catch {
            let verb = record.value == nil ? "remove" : "set"
            throw PersistenceError(error, "cannot \(verb) key \"\(record.key)\"", key: record.key)
        }
        index.apply(record, size: framed.count)
        didApplyLocked(record)
        if durability == .batched { unsynchronized = true }
        compactIfNeededLocked()
    }
}
