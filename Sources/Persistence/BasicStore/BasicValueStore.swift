import Foundation

/// A persistent key → value store for small values — strings, numbers, Booleans, dates, data,
/// URLs, and arrays and string-keyed dictionaries of them — read like `UserDefaults`.
///
/// ```swift
/// let settings = try BasicValueStore(name: "settings", application: "MyApp")
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
/// With ``WriteDurability/full``, concurrent sets share `fsync`s: each appends, then waits, holding
/// no lock, for a flush that covers its record, so gets never wait on the device.
///
/// The store is safe to use from any thread. Processes (and several stores on one file) coordinate
/// through an advisory `flock` on `<file>.lock`: each write first reads what others appended, so
/// ``update(forKey:_:)-(String,_)`` is an atomic read-modify-write across processes. A store
/// keeps the `flock` after a write until it has been idle for a millisecond (10 ms at most at a
/// stretch; ``synchronize()`` lets it go at once), so a burst of sets takes it once; a write by
/// another process or store is not held off longer than that at a stretch.
public final class BasicValueStore: @unchecked Sendable {
    // @unchecked: the mutable state below is only touched while `lock` is held.

    /// The log file.
    public let fileURL: URL
    /// How far each write goes before it returns.
    public let durability: WriteDurability
    /// When the log is compacted automatically.
    package let compactionPolicy: BasicCompactionPolicy

    // The state below is shared with the extensions in this directory; every access happens with
    // `lock` held (and, for the file, the `flock` too where noted). The lock already rules out
    // overlapping accesses, so the hot properties skip Swift's dynamic exclusivity checks
    // (`@exclusivity(unchecked)`): those cost about a tenth of a batched set.
    let lock = NSLock()
    let log: BasicLogFile
    @exclusivity(unchecked) var index = BasicStoreIndex()
    /// Records appended without `fsync` (``WriteDurability/atomic``).
    @exclusivity(unchecked) var unsynchronized = false
    /// Repair counters since the store was opened.
    var repairs = BasicValueStoreStatistics()
    /// After a failed automatic compaction, the log size at which to try again.
    @exclusivity(unchecked) var compactionRetrySize = 0
    /// The change streams and observers (its own lock; publishing happens under `lock`).
    let changeBroadcaster = BasicChangeBroadcaster()
    /// Whether a change stream or observer may be registered: set (holding `lock`) by every
    /// registration, cleared when a publication finds none left. A write then skips the
    /// broadcaster when nothing listens without taking its lock, which cost a twentieth of a set.
    @exclusivity(unchecked) var changeListenersMayExist = false
    /// The record being appended, framed (one buffer for every append).
    @exclusivity(unchecked) var appendBuffer: [UInt8] = []
    /// The most room ``appendBuffer`` keeps between appends.
    static let keptAppendBufferCapacity = 1 << 16
    /// The other stores of this process on the same log, whose listeners this store's writes reach.
    let neighbors: BasicStoreNeighbors
    /// Whether a neighbor may have change listeners: set (holding `lock`) when one starts
    /// listening or was listening when this store opened, cleared when a write finds none left.
    @exclusivity(unchecked) var neighborsMayListen = false
    /// Whether a release of the kept `flock` is scheduled (see ``BasicLockLease``).
    @exclusivity(unchecked) var lockReleaseScheduled = false
    /// Where kept `flock`s are released: its own serial queue, so a release never waits for a
    /// pool thread that may itself be waiting for the lock.
    private static let lockReleaseQueue = DispatchQueue(label: "archivist.basic-store.lock-release")

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
    ///   - durability: ``WriteDurability/full`` (the default) or ``WriteDurability/atomic``.
    /// - Throws: ``PersistenceError``: `.corrupt` when the file is not a basic-value store log
    ///   (it is left untouched), `.permission`, `.noSpace` or `.io` from the file system.
    public convenience init(fileURL: URL, durability: WriteDurability = .full) throws(PersistenceError) {
        try self.init(fileURL: fileURL, durability: durability, compaction: .standard, fileSystem: SystemFileSystem())
    }

    /// Opens (or creates) a named store at a standard location or in a directory: its log is
    /// ``logFileName`` in the directory ``StoreLocation`` gives for the application and name (both
    /// as written when they are portable; escaped directories of an earlier version are adopted).
    ///
    /// - Parameters:
    ///   - name: The store's name; any string.
    ///   - application: The application's name, scoping standard locations (by default, as for
    ///     ``ArchiveStore``, the bundle identifier on Apple platforms, the process name elsewhere).
    ///   - location: Where the store's directory is; application support by default.
    ///   - durability: ``WriteDurability/full`` (the default) or ``WriteDurability/atomic``.
    /// - Throws: ``PersistenceError`` as ``init(fileURL:durability:)``, or `.invalidLocation`.
    public convenience init(name: String, application: String = ArchiveStore.defaultApplicationName,
                            location: StoreLocation = .applicationSupport,
                            durability: WriteDurability = .full) throws(PersistenceError) {
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
    package init(fileURL: URL, durability: WriteDurability, compaction: BasicCompactionPolicy,
                 fileSystem: any FileSystem) throws(PersistenceError) {
        self.fileURL = fileURL
        self.durability = durability
        self.compactionPolicy = compaction
        neighbors = BasicStoreNeighbors.forLog(at: fileURL.standardizedFileURL.path)
        do {
            log = try BasicLogFile(path: fileURL.path, fileSystem: fileSystem, sharesFlushes: durability == .full)
        } catch {
            throw PersistenceError(error, "cannot open the basic-value store")
        }
        try lockFile()
        defer { log.unlock() }
        log.removeLeftoverTemporaryFiles()
        try reloadAllLocked()
        compactIfNeededLocked()
        log.counter.markSeen()
        neighborsMayListen = neighbors.join(self)
    }

    deinit {
        neighbors.leave(ObjectIdentifier(self))
    }

    /// Takes the `flock`, translating a failure. Needs `lock`.
    func lockFile() throws(PersistenceError) {
        do {
            try log.lock()
        } catch {
            throw PersistenceError(error, "cannot lock the basic-value store")
        }
    }

    /// Runs `body` holding the `flock`, which is then kept a little while (see ``keepFileLock()``).
    /// Needs `lock`.
    func withFileLock<T>(_ body: () throws(PersistenceError) -> T) throws(PersistenceError) -> T {
        try lockFile()
        defer { keepFileLock() }
        return try body()
    }

    /// After a write: keeps the `flock` for the next one, to be released once it has gone unused
    /// for a whole ``BasicLockLease/idleTime`` (or has been held for ``BasicLockLease/longestHold``).
    /// Needs `lock`.
    func keepFileLock() {
        guard log.isLocked else { return }
        log.keepLock()
        guard !lockReleaseScheduled else { return }
        lockReleaseScheduled = true
        scheduleLockRelease(after: BasicLockLease.idleTime)
    }

    private func scheduleLockRelease(after nanoseconds: UInt64) {
        let delay = DispatchTimeInterval.nanoseconds(Int(clamping: nanoseconds))
        Self.lockReleaseQueue.asyncAfter(deadline: .now() + delay) { [weak self] in
            self?.releaseFileLockIfIdle()
        }
    }

    private func releaseFileLockIfIdle() {
        // A store in use is not idle: look again later rather than wait for it (and make it wake us).
        guard lock.try() else { return scheduleLockRelease(after: BasicLockLease.idleTime) }
        defer { lock.unlock() }
        if let wait = log.releaseIfIdle() {
            scheduleLockRelease(after: wait)
        } else {
            lockReleaseScheduled = false
        }
    }
}
