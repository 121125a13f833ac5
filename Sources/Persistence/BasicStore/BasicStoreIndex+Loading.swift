import Foundation

extension BasicStoreIndex {
    /// Replaces the index with the records of a whole log, read in place: `log` becomes the bytes
    /// entries point into.
    ///
    /// - Parameter log: The whole log file, header included.
    /// - Returns: What the scan found; offsets are relative to the file's start. A torn tail is
    ///   already left out of the index's bytes; cutting it from the file is the caller's.
    package mutating func load(log: [UInt8]) -> BasicLogScanner.Summary {
        self = BasicStoreIndex(expectingLogSize: log.count)
        bytes = log
        return applyRecords(from: BasicLogFormat.headerSize, applied: nil)
    }

    /// Applies the records another process appended after what the index has read.
    ///
    /// - Parameters:
    ///   - appended: The log's bytes after those read so far.
    ///   - applied: When given, receives each record's key and value (`nil` for a removal) once
    ///     it is applied, in log order (the change streams).
    /// - Returns: What the scan found; offsets are relative to the start of `appended`.
    package mutating func loadAppended(_ appended: [UInt8], applied: ((String, BasicValue?) -> Void)?) -> BasicLogScanner.Summary {
        reserveCapacity(forAppendedBytes: appended.count)
        let start = bytes.count
        bytes.append(contentsOf: appended)
        var summary = applyRecords(from: start, applied: applied)
        summary.damagedRanges = summary.damagedRanges.map { ($0.lowerBound - start) ..< ($0.upperBound - start) }
        summary.validEnd -= start
        return summary
    }

    /// Scans ``bytes`` from `start`, applying each intact record, and leaves a torn tail out.
    ///
    /// Keys are compared as bytes, so a record whose key is not normalized (written by something
    /// other than this store) cannot be applied in place: from the first such record on, the
    /// intact records are copied, those keys re-framed normalized, and applied from the copy.
    private mutating func applyRecords(from start: Int, applied: ((String, BasicValue?) -> Void)?)
        -> BasicLogScanner.Summary {
        // Each pass reads a copy of the array reference (so the table may change meanwhile),
        // dropped before the bytes change, so nothing is copied.
        let summary: BasicLogScanner.Summary
        let firstUnnormalized: Int?
        do {
            let log = bytes
            (summary, firstUnnormalized) = log.withUnsafeBytes { applyInPlace(from: start, in: $0, applied: applied) }
        }
        guard let firstUnnormalized else {
            if summary.validEnd < bytes.count { bytes.removeSubrange(summary.validEnd...) }
            return summary
        }
        let (normalized, sizes) = bytes.withUnsafeBytes { Self.normalizedRecords(in: $0, from: firstUnnormalized) }
        bytes.removeSubrange(firstUnnormalized...)
        bytes.append(contentsOf: normalized)
        let log = bytes
        log.withUnsafeBytes { storage in
            var number = 0
            _ = BasicLogScanner.scan(storage, from: firstUnnormalized) { location in
                apply(location, accountedSize: number < sizes.count ? sizes[number] : location.size, decoded: nil, in: storage)
                if let applied { Self.report(location, in: storage, to: applied) }
                number += 1
            }
        }
        return summary
    }

    /// Applies the records of `storage` (``bytes``) from `start` up to the first whose key is not
    /// normalized, prefetching the table slot of each a few records before applying it.
    ///
    /// - Returns: The scan's summary, and where the first record with a key to normalize starts.
    private mutating func applyInPlace(from start: Int, in storage: UnsafeRawBufferPointer,
                                       applied: ((String, BasicValue?) -> Void)?) -> (BasicLogScanner.Summary, Int?) {
        var firstUnnormalized: Int?
        // Records wait in a ring of `lookahead` while their slots are prefetched.
        var pending: [(location: BasicRecordLocation, hash: UInt32)] = []
        pending.reserveCapacity(Self.lookahead)
        var oldest = 0
        let summary = BasicLogScanner.scan(storage, from: start) { location in
            guard firstUnnormalized == nil else { return }
            guard location.keyIsASCII || Self.keyIsNormalized(location, in: storage) else {
                firstUnnormalized = location.offset
                return
            }
            let hash = Self.keyHash(of: location, in: storage, seed: seed)
            slots.withUnsafeBufferPointer { Self.prefetchSlot(forHash: hash, in: $0) }
            guard pending.count == Self.lookahead else { return pending.append((location, hash)) }
            let (due, dueHash) = pending[oldest]
            pending[oldest] = (location, hash)
            oldest = (oldest + 1) % Self.lookahead
            apply(due, hash: dueHash, accountedSize: due.size, decoded: nil, in: storage)
            if let applied { Self.report(due, in: storage, to: applied) }
        }
        for step in 0 ..< pending.count {
            let (due, dueHash) = pending[(oldest + step) % pending.count]
            apply(due, hash: dueHash, accountedSize: due.size, decoded: nil, in: storage)
            if let applied { Self.report(due, in: storage, to: applied) }
        }
        return (summary, firstUnnormalized)
    }

    /// How many records ahead of their turn the scan prefetches their slots.
    private static let lookahead = 8

    /// The intact records of `storage` from `start`, with every key normalized, and the size in
    /// the log of each (a re-framed record's size differs from the one it counts for).
    private static func normalizedRecords(in storage: UnsafeRawBufferPointer, from start: Int) -> ([UInt8], [Int]) {
        var normalized: [UInt8] = []
        var sizes: [Int] = []
        _ = BasicLogScanner.scan(storage, from: start) { location in
            sizes.append(location.size)
            if !location.keyIsASCII, !keyIsNormalized(location, in: storage) {
                let record = BasicLogRecord.record(at: location, in: storage)
                // A key that grows past the record limit when normalized stays as it is.
                if let framed = BasicLogRecord(key: KeyFileName.normalized(record.key), value: record.value).framed() {
                    normalized.append(contentsOf: framed)
                    return
                }
            }
            normalized.append(contentsOf: UnsafeRawBufferPointer(rebasing: storage[location.offset ..< location.end]))
        }
        return (normalized, sizes)
    }

    /// Whether a non-ASCII key is already in the store's normalization.
    private static func keyIsNormalized(_ location: BasicRecordLocation, in storage: UnsafeRawBufferPointer) -> Bool {
        let key = UnsafeRawBufferPointer(rebasing: storage[location.keyStart ..< location.valueStart])
        return KeyFileName.normalized(String(decoding: key, as: UTF8.self)).utf8.elementsEqual(key)
    }

    /// Hands a record's key and value to `applied`.
    private static func report(_ location: BasicRecordLocation, in storage: UnsafeRawBufferPointer,
                               to applied: (String, BasicValue?) -> Void) {
        let record = BasicLogRecord.record(at: location, in: storage)
        applied(record.key, record.value)
    }
}
