import Foundation

extension BasicValueStore {
    /// Reads the whole log into a fresh index, repairing what it can. Needs `lock` and the `flock`.
    ///
    /// - Throws: ``PersistenceError``: `.corrupt` for a file that is not a log of this format
    ///   (left untouched), or the file system's error.
    func reloadAllLocked() throws(PersistenceError) {
        let bytes: [UInt8]
        do {
            bytes = try log.readAll()
        } catch {
            throw PersistenceError(error, "cannot read the basic-value store")
        }
        let header = bytes.withUnsafeBytes { BasicLogHeader.classify($0) }
        switch header {
        case .empty:
            do {
                try log.replace(with: BasicLogFormat.header)
            } catch {
                throw PersistenceError(error, "cannot initialize the basic-value store")
            }
            index.removeAll()
            return
        case .unsupportedVersion(let version):
            throw PersistenceError(.corrupt, "the basic-value store log has format version \(version); this build "
                                   + "reads version \(BasicLogFormat.version) (the file is left untouched)", path: log.path)
        case .valid, .unrecognized:
            break
        }
        if header == .unrecognized,
           !bytes.withUnsafeBytes({ BasicLogScanner.containsIntactRecord($0, from: BasicLogFormat.headerSize) }) {
            throw PersistenceError(.corrupt, "not a basic-value store log: unrecognized header and no intact record "
                                   + "(the file is left untouched)", path: log.path)
        }
        // The records stay in the bytes just read: the index points into them.
        let scan = index.load(log: bytes)
        try account(scan, scannedBytes: bytes.count, startingAt: 0)
        if header == .unrecognized {
            // Damaged header, intact records: count the header as damage and rewrite the file.
            repairs.damagedRegionsSkipped += 1
            repairs.damagedBytesSkipped += BasicLogFormat.headerSize
            try compactLocked()
        }
    }

    /// Reads what other processes appended since this one last looked. Needs `lock` and the `flock`.
    ///
    /// - Throws: ``PersistenceError`` from the file system.
    func readAppendedLocked() throws(PersistenceError) {
        let start = log.end
        let bytes: [UInt8]
        do {
            bytes = try log.readAppended()
        } catch {
            throw PersistenceError(error, "cannot read the basic-value store")
        }
        // Another process's records, for the change streams (collected only when someone listens).
        var appended: [BasicChangeBroadcaster.Event] = []
        let listening = !changeBroadcaster.hasNoListeners
        let scan = index.loadAppended(bytes, applied: listening ? { key, value in
            appended.append(BasicChangeBroadcaster.Event(key: key, value: value))
        } : nil)
        defer { if listening { didApplyAppendedLocked(appended) } }
        try account(scan, scannedBytes: bytes.count, startingAt: start)
    }

    /// Counts the damage a scan of `scannedBytes` bytes (the log from offset `start`) skipped and
    /// cuts its torn tail from the file (the index has left it out already). Needs `lock` and
    /// the `flock`.
    private func account(_ scan: BasicLogScanner.Summary, scannedBytes total: Int, startingAt start: Int)
        throws(PersistenceError) {
        repairs.damagedRegionsSkipped += scan.damagedRanges.count
        repairs.damagedBytesSkipped += scan.damagedRanges.reduce(0) { $0 + $1.count }
        guard scan.validEnd < total else { return }
        // Bytes after the last intact record: an append cut short by a crash (every writer holds
        // the flock while appending, and so do we now, so no append is in progress).
        do {
            try log.truncate(to: start + scan.validEnd)
        } catch {
            throw PersistenceError(error, "cannot cut the torn tail of the basic-value store")
        }
        repairs.tornBytesTruncated += total - scan.validEnd
    }

    /// Brings the index up to date with the file. Needs `lock` and the `flock`.
    ///
    /// Every process increments the shared change counter (holding the `flock`) before it changes
    /// the log, so when the counter has not moved the log is as this process last read it, and a
    /// write costs no `stat`. With `comparingFile` (``synchronize()``), or when the counter is not
    /// mapped, the log is also compared with the file at its path, noticing a log replaced or
    /// removed behind the stores' back.
    ///
    /// - Parameter comparingFile: Whether to `stat` the path even when the counter has not moved.
    /// - Throws: ``PersistenceError`` from the file system.
    func refreshLocked(comparingFile: Bool = false) throws(PersistenceError) {
        guard comparingFile || log.counter.hasChanged else { return }
        let change: BasicLogFile.Change
        do {
            change = try log.change()
        } catch {
            throw PersistenceError(error, "cannot check the basic-value store for changes")
        }
        switch change {
        case .none: break
        case .appended: try readAppendedLocked()
        case .replaced: try reloadAllPublishingLocked()
        }
        log.counter.markSeen()
    }

    /// Before a read: one load of the shared change counter, and only when another process
    /// changed the log, the `flock` and a refresh. Needs `lock`. A failure keeps serving the last
    /// good contents (reads do not throw, like `UserDefaults`); the next write or ``synchronize()``
    /// reports it. (``synchronize()`` compares the file itself, so a log replaced behind the
    /// stores' back is noticed there.)
    func refreshForReadingLocked() {
        guard log.counter.hasChanged else { return }
        // A read takes the lock only for itself, unless a write of this store still keeps it.
        let kept = log.isLocked
        do {
            try log.lock()
        } catch {
            return
        }
        defer { if !kept { log.unlock() } }
        try? refreshLocked()
    }

    /// Compacts when the policy says so; a failure is retried only after the log grew by another
    /// ``BasicCompactionPolicy/minimumFileSize``, and never fails the write that triggered it.
    /// Needs `lock` and the `flock`.
    func compactIfNeededLocked() {
        let size = log.end
        guard size >= compactionRetrySize,
              compactionPolicy.shouldCompact(fileSize: size, garbage: index.garbageBytes(fileSize: size)) else { return }
        do {
            // With `.atomic`, the directory flush waits for the next `synchronize()`: a burst of
            // sets does not pay it in the middle.
            try compactLocked(deferringDirectoryFlush: durability == .atomic)
        } catch {
            compactionRetrySize = size + max(compactionPolicy.minimumFileSize, 1)
        }
    }

    /// Rewrites the log with only the live records. Needs `lock` and the `flock`.
    ///
    /// - Parameter deferringDirectoryFlush: Whether the rename's directory flush may be left owed
    ///   (see ``BasicLogFile/replace(with:deferringDirectoryFlush:)``).
    /// - Throws: ``PersistenceError`` when the new log cannot be written; the old one stays.
    func compactLocked(deferringDirectoryFlush: Bool = false) throws(PersistenceError) {
        guard let (bytes, compacted) = index.compacted() else {
            throw PersistenceError(.unsupportedValue, "cannot compact: a stored value no longer fits in a record",
                                   path: log.path)
        }
        do {
            try log.replace(with: bytes, deferringDirectoryFlush: deferringDirectoryFlush)
        } catch {
            throw PersistenceError(error, "cannot compact the basic-value store")
        }
        index = compacted
        unsynchronized = false
        compactionRetrySize = 0
        repairs.compactions += 1
    }
}
