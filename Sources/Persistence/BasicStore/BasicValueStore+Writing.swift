import Foundation

extension BasicValueStore {
    /// Stores `value` under `key`, replacing any previous value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: Any string.
    /// - Throws: ``PersistenceError`` with the key and the log's path: `.unsupportedValue` when the
    ///   encoded value exceeds 64 MiB or nests arrays and dictionaries more than 256 levels deep
    ///   (the log's reader refuses deeper values), `.noSpace`, `.io` or `.permission` when the
    ///   append fails — the previous value is then still stored.
    public func set(_ value: BasicValue, forKey key: String) throws(PersistenceError) {
        try write(key: KeyFileName.normalized(key), value: value)
    }

    /// Removes the value stored under `key`; nothing is written when there is none.
    ///
    /// - Parameter key: Any string.
    /// - Throws: ``PersistenceError`` with the key when the append fails; the value is then still
    ///   stored.
    public func removeValue(forKey key: String) throws(PersistenceError) {
        try write(key: KeyFileName.normalized(key), value: nil)
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
        var written: BasicGroupCommit.Position?
        let result: Result
        do {
            if durability == .full { log.groupCommit.writerArriving() }
            defer { if durability == .full { log.groupCommit.writerAppended() } }
            lock.lock()
            defer { lock.unlock() }
            try lockFile()
            defer { keepFileLock() }
            try refreshLocked()
            let old = index.value(forKey: key)
            var new = old
            result = try body(&new)
            // Written even when equal: `==` cannot tell -0.0 from 0.0, and a rewrite is cheap.
            if new != nil || old != nil {
                written = try appendLocked(key: key, value: new)
            }
        }
        if let written { try waitUntilDurable(written, key: key) }
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
            didWriteLocked()
        }
    }

    /// Flushes writes made with ``WriteDurability/atomic`` to the device and reads what other processes
    /// wrote, like `UserDefaults.synchronize()`.
    ///
    /// - Throws: ``PersistenceError`` when `fsync` or reading fails; the unsynchronized writes may
    ///   then not survive a power loss.
    public func synchronize() throws(PersistenceError) {
        lock.lock()
        defer { lock.unlock() }
        try lockFile()
        // The end of a batch: the lock goes now, not after the idle time (other processes need not wait).
        defer { log.unlock() }
        try refreshLocked(comparingFile: true)
        // A compaction's directory flush may be owed even when this store wrote nothing since.
        guard unsynchronized || log.owesDirectoryFlush else { return }
        do throws(SystemCallError) {
            try log.sync()
        } catch {
            throw PersistenceError(error, "cannot synchronize the basic-value store")
        }
        unsynchronized = false
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

    /// Appends the record setting `key` to `value` (removing it when `nil`) after catching up with
    /// other processes, unless it removes a missing key; with ``WriteDurability/full``, then waits
    /// (holding no lock) for a flush that covers it.
    ///
    /// Key and value travel separately down to the framing and the index: a ``BasicLogRecord``
    /// made here was copied, and its value with it, at every step of a set.
    private func write(key: String, value: BasicValue?) throws(PersistenceError) {
        var written: BasicGroupCommit.Position?
        do {
            if durability == .full { log.groupCommit.writerArriving() }
            defer { if durability == .full { log.groupCommit.writerAppended() } }
            lock.lock()
            defer { lock.unlock() }
            // (No `withFileLock` closure here: capturing the key and value copied them at every set.)
            try lockFile()
            defer { keepFileLock() }
            try refreshLocked()
            // A removal of a missing key changes nothing: skip the write.
            if !BasicLogRecord.isRemoval(value) || index.value(forKey: key) != nil {
                written = try appendLocked(key: key, value: value)
            }
        }
        if let written { try waitUntilDurable(written, key: key, removal: BasicLogRecord.isRemoval(value)) }
    }

    /// Appends the record setting `key` to `value` (removing it when `nil`) and applies it; compacts
    /// if due. Needs `lock` and the `flock`.
    ///
    /// - Returns: With ``WriteDurability/full``, where the record ends: the caller waits for it
    ///   with ``waitUntilDurable(_:key:removal:)`` after releasing both locks.
    @discardableResult
    private func appendLocked(key: String, value: BasicValue?) throws(PersistenceError) -> BasicGroupCommit.Position? {
        // A write reported durable must not land in a log whose rename a power loss could undo.
        if durability == .full && log.owesDirectoryFlush { try payOwedDirectoryFlushLocked(key: key, removal: BasicLogRecord.isRemoval(value)) }
        // The buffer is taken out of its property while in use (and put back after, unless a large
        // value's room is not worth keeping for the small ones that follow): passing the property
        // itself to the calls below retained and released it around each of them.
        var framed: [UInt8] = []
        swap(&framed, &appendBuffer)
        defer { if framed.capacity <= Self.keptAppendBufferCapacity { swap(&framed, &appendBuffer) } }
        guard BasicLogRecord.frame(key: key, value: value, into: &framed) else {
            throw PersistenceError(.unsupportedValue,
                                   "cannot set key \"\(key)\": \(BasicLogRecord.unframeableReason(value: value))",
                                   key: key, path: log.path)
        }
        let position: BasicGroupCommit.Position
        do {
            position = try log.append(framed)
        } catch {
            let verb = BasicLogRecord.isRemoval(value) ? "remove" : "set"
            throw PersistenceError(error, "cannot \(verb) key \"\(key)\"", key: key)
        }
        index.apply(key: key, value: value, framed: framed)
        didApplyLocked(key: key, value: value)
        didWriteLocked()
        if durability == .atomic { unsynchronized = true }
        compactIfNeededLocked()
        return durability == .full ? position : nil
    }

    /// Flushes the directory that an `.atomic` store's compaction left owed, before a record of
    /// `key` (a removal when `removal`) is appended with ``WriteDurability/full``. Needs `lock`
    /// and the `flock`.
    private func payOwedDirectoryFlushLocked(key: String, removal: Bool) throws(PersistenceError) {
        do {
            try log.payOwedDirectoryFlush()
        } catch {
            let verb = removal ? "remove" : "set"
            throw PersistenceError(error, "cannot \(verb) key \"\(key)\"", key: key)
        }
    }

    /// Waits until the log is durable up to `position`, sharing the flush with concurrent writers
    /// (group commit). Needs neither lock: gets go on while the flush runs.
    ///
    /// - Throws: ``PersistenceError`` naming the key when the flush failed; the record (and any
    ///   other unflushed one) was then undone.
    private func waitUntilDurable(_ position: BasicGroupCommit.Position, key: String,
                                  removal: Bool = false) throws(PersistenceError) {
        do {
            try log.groupCommit.waitUntilDurable(position) { generation, offset in
                undoUnflushed(generation: generation, from: offset)
            }
        } catch {
            throw PersistenceError(error, "cannot \(removal ? "remove" : "set") key \"\(key)\"", key: key)
        }
    }

    /// After a failed flush: cuts the log of generation `generation` back to `offset` and rereads
    /// it, so the index and other processes no longer see records that may not be durable —
    /// unless another process appended since (cutting would drop its records).
    ///
    /// - Returns: `false` when the log was replaced since (compaction wrote it durably: nothing to undo).
    private func undoUnflushed(generation: Int, from offset: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard (try? lockFile()) != nil else { return true }
        defer { keepFileLock() }
        guard log.generation == generation else { return false }
        if log.counter.hasChanged {
            // Another process wrote since: its records may follow ours, and its own flush may have
            // made ours durable too. Cutting would lose its acknowledged records, so ours stay;
            // their writers still get the error (a failure that may have landed, never a loss).
            try? refreshLocked()
            return true
        }
        // If the cut fails too, rereading still drops nothing intact; the waiters get the error.
        try? log.truncate(to: offset)
        try? reloadAllLocked()
        log.counter.markSeen()
        return true
    }
}
