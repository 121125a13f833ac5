import Foundation

extension BasicValueStore {
    /// Reads the whole log into a fresh index, repairing what it can. Needs `lock` and the `flock`.
    ///
    /// - Throws: ``PersistenceError``: `.corrupt` for a file that is not a log of this format
    ///   (left untouched), or the file system's error.
    func reloadAllLocked() throws(PersistenceError) {
        let bytes: Data
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
        index.removeAll(expectingLogSize: bytes.count)
        // Strings and data stay encoded in the bytes just read until a get needs them.
        index.keepEncodedValues(in: bytes)
        try applyRecords(in: bytes, from: BasicLogFormat.headerSize, startingAt: 0, keepingValuesEncoded: true)
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
        let bytes: Data
        do {
            bytes = try log.readAppended()
        } catch {
            throw PersistenceError(error, "cannot read the basic-value store")
        }
        index.reserveCapacity(forAppendedBytes: bytes.count)
        // Another process's records, for the change streams (collected only when someone listens).
        var appended: [BasicChangeBroadcaster.Event]? = changeBroadcaster.hasNoListeners ? nil : []
        defer { if let appended { didApplyAppendedLocked(appended) } }
        try applyRecords(in: bytes, from: 0, startingAt: start, keepingValuesEncoded: false) { key, value, index in
            guard appended != nil else { return }
            switch value {
            case .decoded(let decoded)?: appended?.append(BasicChangeBroadcaster.Event(key: key, value: decoded))
            case nil: appended?.append(BasicChangeBroadcaster.Event(key: key, value: nil))
            // Not kept encoded here (`keepingValuesEncoded` is false); the index decodes it anyway.
            case .encoded?: appended?.append(BasicChangeBroadcaster.Event(key: key, value: index.value(forKey: key)))
            }
        }
    }

    /// Applies the records of `bytes` (the log from offset `start`) to the index as they are read,
    /// counts damage and cuts a torn tail. Needs `lock` and the `flock`. Encoded values are kept
    /// only for a whole log (`start` 0), whose bytes the index holds. `applied` sees each record
    /// once it is applied, with the index as it then stands.
    private func applyRecords(in bytes: Data, from first: Int, startingAt start: Int, keepingValuesEncoded: Bool,
                              applied: (String, BasicIndexedValue?, _ index: BasicStoreIndex) -> Void = { _, _, _ in })
        throws(PersistenceError) {
        // The index is moved out for the scan and back after it: updating a local costs no dynamic
        // exclusivity check per record, as the stored property of a class would.
        var scanned = index
        index = BasicStoreIndex()
        let scan = bytes.withUnsafeBytes { buffer in
            BasicLogScanner.scan(buffer, from: first, keepingValuesEncoded: keepingValuesEncoded) { key, value, _, size in
                scanned.apply(key: key, value: value, size: size)
                applied(key, value, scanned)
            }
        }
        index = scanned
        repairs.damagedRegionsSkipped += scan.damagedRanges.count
        repairs.damagedBytesSkipped += scan.damagedRanges.reduce(0) { $0 + $1.count }
        let total = bytes.count
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
            try compactLocked()
        } catch {
            compactionRetrySize = size + max(compactionPolicy.minimumFileSize, 1)
        }
    }

    /// Rewrites the log with only the live records. Needs `lock` and the `flock`.
    ///
    /// - Throws: ``PersistenceError`` when the new log cannot be written; the old one stays.
    func compactLocked() throws(PersistenceError) {
        guard let (bytes, compacted) = index.compacted() else {
            throw PersistenceError(.unsupportedValue, "cannot compact: a stored value no longer fits in a record",
                                   path: log.path)
        }
        do {
            try log.replace(with: bytes)
        } catch {
            throw PersistenceError(error, "cannot compact the basic-value store")
        }
        index = compacted
        unsynchronized = false
        compactionRetrySize = 0
        repairs.compactions += 1
    }
}
