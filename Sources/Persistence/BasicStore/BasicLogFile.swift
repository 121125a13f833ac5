import Foundation

/// The basic-value store's two files: the log (appended to, replaced whole by compaction) and a
/// lock file next to it that every process holding the store takes with `flock`.
///
/// The lock lives in its own file because compaction renames a new log over the old one: a lock
/// on the log itself would stay on the old inode and stop excluding anyone. Not thread-safe: the
/// store calls it only while holding its own lock.
final class BasicLogFile {
    // Used under the store's lock only, so the properties every append touches skip Swift's
    // dynamic exclusivity checks (`@exclusivity(unchecked)`), as the store's own do.

    /// The file system every call goes through.
    let fileSystem: any FileSystem
    /// The log's path.
    let path: String
    /// The lock file's path (`<log>.lock`).
    let lockPath: String
    private let lockFile: FileDescriptor
    /// Announces changes to other processes; mapped from the lock file's first 8 bytes.
    @exclusivity(unchecked) private(set) var counter: BasicChangeCounter
    @exclusivity(unchecked) private var log: BasicLogDescriptor?
    /// How many times the log was opened: a new generation after every reopen.
    @exclusivity(unchecked) private(set) var generation = 0
    /// Shares the flushes of durable appends; told of every reopen and append.
    let groupCommit = BasicGroupCommit()
    /// Whether appends are announced to ``groupCommit``: only a durable store's writers wait on it.
    let sharesFlushes: Bool
    /// Which file ``log`` is, to notice a log replaced by another process.
    private var identity: (device: UInt64, inode: UInt64) = (0, 0)
    /// How many bytes of the log this process has read and applied (its view ends here).
    @exclusivity(unchecked) private(set) var end = 0

    /// Creates the directory if needed and opens the lock file (not the log).
    ///
    /// - Parameters:
    ///   - path: The log's path.
    ///   - fileSystem: The file system to use.
    ///   - sharesFlushes: Whether writers wait on ``groupCommit`` (a durable store).
    /// - Throws: ``SystemCallError`` when the directory or the lock file cannot be created.
    init(path: String, fileSystem: any FileSystem, sharesFlushes: Bool) throws(SystemCallError) {
        self.fileSystem = fileSystem
        self.sharesFlushes = sharesFlushes
        self.path = path
        self.lockPath = path + ".lock"
        let lockFile: FileDescriptor
        do throws(SystemCallError) {
            lockFile = try fileSystem.open(lockPath, mode: .readWrite(permissions: 0o644))
        } catch where error.code == ENOENT {
            // The directory is made only when missing: an open of an existing store costs no `stat` for it.
            try fileSystem.createDirectory(AtomicFileWriter.directory(of: path))
            lockFile = try fileSystem.open(lockPath, mode: .readWrite(permissions: 0o644))
        }
        self.lockFile = lockFile
        do throws(SystemCallError) {
            // Growing a shorter file with zero bytes is idempotent, so racing openers agree.
            let size = Int64(BasicLogFormat.lockFileSize)
            if try fileSystem.status(of: lockFile).size < size { try fileSystem.truncate(lockFile, to: size) }
        } catch {
            try? fileSystem.close(lockFile)
            throw error
        }
        counter = BasicChangeCounter(descriptor: lockFile.rawValue)
    }

    deinit {
        // A kept lock is let go explicitly: a descriptor inherited by a forked child would keep it.
        unlock()
        try? fileSystem.close(lockFile)
    }

    /// Whether this process holds the inter-process lock (between calls too: see ``BasicLockLease``).
    @exclusivity(unchecked) private(set) var isLocked = false
    /// How long the lock has been held and when it was last used.
    @exclusivity(unchecked) private(set) var lease = BasicLockLease()

    /// Takes the inter-process lock, waiting for other processes to release it; nothing to do
    /// while it is still held from an earlier call.
    func lock() throws(SystemCallError) {
        guard !isLocked else { return }
        _ = try fileSystem.lock(lockFile, .exclusive, wait: true)
        isLocked = true
        lease.began()
    }

    /// Records a use of the lock that may keep it: ``releaseIfIdle()`` lets it go later.
    func keepLock() {
        lease.used()
    }

    /// Releases the inter-process lock now.
    func unlock() {
        guard isLocked else { return }
        fileSystem.unlock(lockFile)
        isLocked = false
    }

    /// Releases the lock once the lease says so.
    ///
    /// - Returns: How long to wait before asking again, or `nil` when the lock is no longer held.
    func releaseIfIdle() -> UInt64? {
        guard isLocked else { return nil }
        guard let wait = lease.remaining() else {
            unlock()
            return nil
        }
        return wait
    }

    /// What changed on disk since this process last read the log.
    enum Change {
        /// Nothing: the same file, the same size.
        case none
        /// The same file grew: read from ``end``.
        case appended
        /// The file was replaced, shrank or vanished: read it all again.
        case replaced
    }

    /// Compares the log on disk with this process's view: one `stat` by path (a log replaced by
    /// another process's compaction has a new inode), no lock needed.
    ///
    /// - Returns: What changed.
    /// - Throws: ``SystemCallError`` from `stat`.
    func change() throws(SystemCallError) -> Change {
        guard log != nil, let status = try fileSystem.status(path) else { return .replaced }
        guard status.device == identity.device, status.inode == identity.inode else { return .replaced }
        if status.size == Int64(end) { return .none }
        return status.size > Int64(end) ? .appended : .replaced
    }

    /// Opens the log afresh (creating an empty one first when there is none) and reads all of it.
    ///
    /// - Returns: The whole file; ``end`` becomes its size.
    /// - Throws: ``SystemCallError``.
    func readAll() throws(SystemCallError) -> [UInt8] {
        // A missing log is created empty by the open; the store then writes its header with ``replace(with:)``.
        let (opened, size) = try reopen()
        let bytes = try fileSystem.readBytes(opened.file, at: 0, count: size)
        end = bytes.count
        groupCommit.opened(generation: generation, size: end, descriptor: opened)
        return bytes
    }

    /// Opens the file at ``path`` as the log, a new generation, and learns which file it is.
    ///
    /// - Returns: The descriptor and the file's size; ``end`` is left for the caller to set.
    /// - Throws: ``SystemCallError``.
    private func reopen() throws(SystemCallError) -> (BasicLogDescriptor, size: Int) {
        let opened = BasicLogDescriptor(try fileSystem.open(path, mode: .readAppend(permissions: 0o644)),
                                        fileSystem: fileSystem)
        log = opened
        generation += 1
        // Told at once, so appends and flushes never name a generation it does not know.
        groupCommit.opened(generation: generation, size: 0, descriptor: opened)
        let status = try fileSystem.status(of: opened.file)
        identity = (status.device, status.inode)
        return (opened, Int(clamping: status.size))
    }

    /// Reads what other processes appended after ``end``.
    ///
    /// - Returns: The new bytes; ``end`` moves past them.
    /// - Throws: ``SystemCallError``.
    func readAppended() throws(SystemCallError) -> [UInt8] {
        guard let log else { return [] }
        let status = try fileSystem.status(of: log.file)
        guard status.size > Int64(end) else { return [] }
        let bytes = try fileSystem.readBytes(log.file, at: Int64(end), count: Int(clamping: status.size) - end)
        end += bytes.count
        return bytes
    }

    /// Appends a record with one `write` (flushing is left to ``groupCommit``).
    ///
    /// On failure the file is cut back to ``end``, so a partial record never stays behind.
    ///
    /// - Parameter bytes: The framed record.
    /// - Returns: Where the record ends, to wait for with ``BasicGroupCommit/waitUntilDurable(_:undo:)``.
    /// - Throws: ``SystemCallError`` of the failing call; the log is then as before.
    @discardableResult
    func append(_ bytes: [UInt8]) throws(SystemCallError) -> BasicGroupCommit.Position {
        guard let log else { throw SystemCallError(.write, path: path, code: EBADF) }
        counter.increment()
        do throws(SystemCallError) {
            let failure = bytes.withUnsafeBytes { raw -> SystemCallError? in
                do throws(SystemCallError) {
                    try fileSystem.write(raw, to: log.file)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
        } catch {
            // If even the cut fails, the partial record is skipped as damage by the next read.
            try? fileSystem.truncate(log.file, to: Int64(end))
            throw error
        }
        end += bytes.count
        let position = BasicGroupCommit.Position(generation: generation, offset: end)
        if sharesFlushes { groupCommit.appended(upTo: position) }
        return position
    }

    /// Cuts the log to `size` bytes (a torn tail left by a crash) and flushes the cut.
    ///
    /// - Parameter size: The new size; not more than ``end``.
    /// - Throws: ``SystemCallError``.
    func truncate(to size: Int) throws(SystemCallError) {
        guard let log else { return }
        counter.increment()
        try fileSystem.truncate(log.file, to: Int64(size))
        try fileSystem.sync(log.file)
        end = size
    }

    /// Flushes appended records to the device, then pays a directory flush that a compaction left
    /// owed (``replace(with:deferringDirectoryFlush:)``). Call holding the `flock`.
    ///
    /// The log goes first: on file systems with one journal, its flush commits the rename too and
    /// the directory's finds nothing left to do.
    ///
    /// - Throws: ``SystemCallError`` from `fsync`.
    func sync() throws(SystemCallError) {
        guard let log else { return }
        try log.sync()
        try payOwedDirectoryFlush()
    }

    /// Whether a compaction's directory flush is still owed (by any process). Use holding the `flock`.
    var owesDirectoryFlush: Bool { counter.directoryFlushIsOwed }

    /// Flushes the log's directory if a compaction left that owed. Call holding the `flock`, before
    /// reporting durable anything written since.
    ///
    /// - Throws: ``SystemCallError`` from `fsync`; the debt then stays recorded.
    func payOwedDirectoryFlush() throws(SystemCallError) {
        guard counter.directoryFlushIsOwed else { return }
        try AtomicFileWriter(fileSystem: fileSystem).syncDirectory(of: path)
        counter.markDirectoryFlush(owed: false)
    }

    /// Replaces the log with `bytes` atomically, then reopens it. Call holding the `flock`.
    ///
    /// The new file is flushed before it is renamed into place, so a power loss leaves the old log
    /// or the new one, each whole.
    ///
    /// - Parameters:
    ///   - bytes: The new log, header included.
    ///   - deferringDirectoryFlush: `false` (durable): the directory is flushed before returning.
    ///     `true`: its flush is recorded as owed in the lock file and paid by the next ``sync()``
    ///     or ``payOwedDirectoryFlush()`` of any process (immediately when it cannot be recorded).
    /// - Throws: ``SystemCallError``; on failure the old log is still in place and open.
    func replace(with bytes: [UInt8], deferringDirectoryFlush: Bool = false) throws(SystemCallError) {
        counter.increment()
        // Set while the temporary file may exist: a process killed in between leaves it set.
        counter.markReplacement(inProgress: true)
        defer { counter.markReplacement(inProgress: false) }
        let writer = AtomicFileWriter(fileSystem: fileSystem)
        let prepared = try writer.prepare(Data(bytes), for: path)
        let deferring = deferringDirectoryFlush && counter.canOweDirectoryFlush
        // Owed from before the rename: a process killed right after it leaves the debt recorded.
        if deferring { counter.markDirectoryFlush(owed: true) }
        try writer.commit(prepared, flushingDirectory: !deferring)
        // A flush after this rename covers every earlier one that was owed.
        if !deferring { counter.markDirectoryFlush(owed: false) }
        // The new file holds `bytes`, which the caller already has: reopen it without reading.
        let (opened, size) = try reopen()
        end = size
        groupCommit.opened(generation: generation, size: end, descriptor: opened)
    }

    /// Removes the temporary files that processes which died replacing the log left in its
    /// directory. Call holding the lock.
    ///
    /// Listing a directory costs five system calls, as much as the rest of opening a small store;
    /// so the directory is listed only when the replacement mark says a replacement was cut short.
    /// (After a power loss in the middle of a compaction the mark may be lost with the lock file's
    /// unwritten page; the temporary file then stays, never read, until a later listing.)
    func removeLeftoverTemporaryFiles() {
        guard counter.replacementMayHaveBeenInterrupted else { return }
        AtomicFileWriter(fileSystem: fileSystem).removeLeftoverTemporaryFiles(in: AtomicFileWriter.directory(of: path))
        counter.markReplacement(inProgress: false)
    }
}
