import Foundation

/// A persistent key → value store for small values — strings, numbers, Booleans, dates, data,
/// URLs, and arrays and string-keyed dictionaries of them — read like `UserDefaults`.
///
/// ```swift
/// let settings = try BasicValueStore(named: "settings", application: "MyApp")
/// try settings.set("Ada", forKey: "user")
/// try settings.set(3, forKey: "launches")
/// settings.string(forKey: "user")      // "Ada"
/// settings.integer(forKey: "launches") // 3
/// ```
///
/// A set appends one checksummed record to a log instead of rewriting a file, so its cost does not
/// grow with the store; the log is compacted (rewritten with only current values, atomically and
/// durably) when garbage reaches half of it. Reading the log skips a damaged record and resumes at
/// the next intact one, and cuts off a torn tail left by a crash, so damage costs only the records
/// it touches. Values are kept in memory: a get is a lookup plus one load of a change counter
/// that writers in every process increment (it lives in the lock file, mapped into memory).
///
/// The store is safe to use from any thread. Processes (and several stores on one file) coordinate
/// through an advisory `flock` on `<file>.lock`: each write first reads what others appended, so
/// ``update(forKey:_:)`` is an atomic read-modify-write across processes.
public final class BasicValueStore: @unchecked Sendable {
    // @unchecked: the mutable state below is only touched while `lock` is held.

    /// The log file.
    public let fileURL: URL
    /// How far each write goes before it returns.
    public let durability: Durability
    /// When the log is compacted automatically.
    package let compactionPolicy: BasicCompactionPolicy

    // The state below is shared with the extensions in this directory; every access happens with
    // `lock` held (and, for the file, the `flock` too where noted).
    let lock = NSLock()
    let log: BasicLogFile
    var index = BasicStoreIndex()
    /// Records appended without `fsync` (batched durability).
    var unsynchronized = false
    /// Repair counters since the store was opened.
    var repairs = BasicValueStoreStatistics()
    /// After a failed automatic compaction, the log size at which to try again.
    var compactionRetrySize = 0

    /// The name of the log in a store directory given by a ``StoreLocation``.
    public static let logFileName = "basic-values.log"

    /// Opens (or creates) the store whose log is `fileURL`.
    ///
    /// Opening reads the whole log, skipping damaged records, cutting off a torn tail and
    /// removing temporary files of interrupted compactions.
    ///
    /// - Parameters:
    ///   - fileURL: The log file; its directory is created if needed. The lock file is
    ///     `fileURL` plus `.lock`.
    ///   - durability: ``Durability/everyWrite`` (the default) or ``Durability/batched``.
    /// - Throws: ``PersistenceError``: `.corrupt` when the file is not a basic-value store log
    ///   (it is left untouched), `.permission`, `.noSpace` or `.io` from the file system.
    public convenience init(fileURL: URL, durability: Durability = .everyWrite) throws(PersistenceError) {
        try self.init(fileURL: fileURL, durability: durability, compaction: .standard, fileSystem: SystemFileSystem())
    }

    /// Opens (or creates) a named store at a standard location.
    ///
    /// - Parameters:
    ///   - name: The store's name; any string.
    ///   - application: The application's name, which scopes standard locations.
    ///   - location: Where the store's directory is; application support by default.
    ///   - durability: ``Durability/everyWrite`` (the default) or ``Durability/batched``.
    /// - Throws: ``PersistenceError`` as ``init(fileURL:durability:)``, or `.invalidLocation`.
    public convenience init(named name: String, application: String, location: StoreLocation = .applicationSupport,
                            durability: Durability = .everyWrite) throws(PersistenceError) {
        let directory = try location.directoryURL(application: application, store: name)
        try self.init(fileURL: directory.appendingPathComponent(Self.logFileName), durability: durability)
    }

    /// Opens a store through a chosen file system and compaction policy (tests, the crash child).
    ///
    /// - Parameters:
    ///   - fileURL: The log file.
    ///   - durability: How far each write goes.
    ///   - compaction: When to compact automatically.
    ///   - fileSystem: The file system every call goes through.
    /// - Throws: ``PersistenceError`` as ``init(fileURL:durability:)``.
    package init(fileURL: URL, durability: Durability, compaction: BasicCompactionPolicy,
                 fileSystem: any FileSystem) throws(PersistenceError) {
        self.fileURL = fileURL
        self.durability = durability
        self.compactionPolicy = compaction
        do {
            log = try BasicLogFile(path: fileURL.path, fileSystem: fileSystem)
        } catch {
            throw PersistenceError(error, "cannot open the basic-value store")
        }
        try withFileLock { () throws(PersistenceError) in
            log.removeLeftoverTemporaryFiles()
            try reloadAllLocked()
            compactIfNeededLocked()
            log.counter.markSeen()
        }
    }

    // MARK: Reading

    /// The value stored under `key`.
    ///
    /// - Parameter key: Any string; keys are compared after Unicode normalization (NFC).
    /// - Returns: The value, or `nil` when there is none.
    public func value(forKey key: String) -> BasicValue? {
        let key = KeyFileName.normalized(key)
        lock.lock()
        defer { lock.unlock() }
        refreshForReadingLocked()
        return index.value(forKey: key)
    }

    /// Every key with a value, sorted.
    public var keys: [String] {
        lock.lock()
        defer { lock.unlock() }
        refreshForReadingLocked()
        return index.entries.keys.sorted()
    }

    /// Whether `key` has a value.
    ///
    /// - Parameter key: Any string.
    /// - Returns: `true` when a value is stored under it.
    public func contains(_ key: String) -> Bool {
        value(forKey: key) != nil
    }

    /// All keys and values, like `UserDefaults.dictionaryRepresentation()`.
    ///
    /// - Returns: A snapshot of the store.
    public func dictionaryRepresentation() -> [String: BasicValue] {
        lock.lock()
        defer { lock.unlock() }
        refreshForReadingLocked()
        return index.entries.mapValues(\.value)
    }

    /// Sizes and repair counters.
    public var statistics: BasicValueStoreStatistics {
        lock.lock()
        defer { lock.unlock() }
        refreshForReadingLocked()
        var result = repairs
        result.count = index.entries.count
        result.fileSize = log.end
        result.liveBytes = index.liveBytes
        return result
    }

    // MARK: Writing

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

    // MARK: Internals (all called with `lock` held)

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
        if durability == .batched { unsynchronized = true }
        compactIfNeededLocked()
    }

    private func lockFile() throws(PersistenceError) {
        do {
            try log.lock()
        } catch {
            throw PersistenceError(error, "cannot lock the basic-value store")
        }
    }

    private func withFileLock<T>(_ body: () throws(PersistenceError) -> T) throws(PersistenceError) -> T {
        try lockFile()
        defer { log.unlock() }
        return try body()
    }
}
