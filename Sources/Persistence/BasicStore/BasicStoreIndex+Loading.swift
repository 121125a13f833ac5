import Foundation

extension BasicStoreIndex {
    /// Replaces the index with the records of a whole log, read in place: `log` becomes the bytes
    /// entries point into.
    ///
    /// - Parameters:
    ///   - log: The whole log file, header included.
    ///   - parallelFrom: The smallest log part worth checking on a second thread (see
    ///     ``BasicParallelScan``); tests lower it to compare both ways on small logs.
    ///   - segmentBytes: How much of the log that thread checks between hand-overs; tests lower
    ///     it so that the opening thread also catches up with the scan and takes the rest over.
    /// - Returns: What the scan found; offsets are relative to the file's start. A torn tail is
    ///   already left out of the index's bytes; cutting it from the file is the caller's.
    package mutating func load(log: [UInt8], parallelFrom minimumBytes: Int = BasicParallelScan.minimumBytes,
                               segmentBytes: Int = BasicParallelScan.segmentBytes) -> BasicLogScanner.Summary {
        self = BasicStoreIndex(expectingLogSize: log.count)
        bytes = log
        return applyRecords(from: BasicLogFormat.headerSize, applied: nil, parallelFrom: minimumBytes,
                            segmentBytes: segmentBytes)
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
        var summary = applyRecords(from: start, applied: applied, parallelFrom: .max)
        summary.damagedRanges = summary.damagedRanges.map { ($0.lowerBound - start) ..< ($0.upperBound - start) }
        summary.validEnd -= start
        return summary
    }

    /// Scans ``bytes`` from `start`, applying each intact record, and leaves a torn tail out.
    ///
    /// Keys are compared as bytes, so a record whose key is not normalized (written by something
    /// other than this store) cannot be applied in place: from the first such record on, the
    /// intact records are copied, those keys re-framed normalized, and applied from the copy.
    private mutating func applyRecords(from start: Int, applied: ((String, BasicValue?) -> Void)?,
                                       parallelFrom minimumBytes: Int,
                                       segmentBytes: Int = BasicParallelScan.segmentBytes) -> BasicLogScanner.Summary {
        // Each pass reads a copy of the array reference (so the table may change meanwhile),
        // dropped before the bytes change, so nothing is copied.
        let summary: BasicLogScanner.Summary
        let firstUnnormalized: Int?
        do {
            let log = bytes
            (summary, firstUnnormalized) = log.withUnsafeBytes { storage in
                guard applied == nil, let split = beginParallelScan(in: storage, from: start, minimumBytes: minimumBytes,
                                                                              segmentBytes: segmentBytes) else {
                    return applyInPlace(from: start, in: storage, applied: applied)
                }
                return applyInParallel(from: start, in: storage, split: split)
            }
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
    // Never inlined: it is the one copy of the scanning loop (with the record checks inlined into
    // it) for every caller; inlining several copies into one function made that function too large
    // for the optimizer, which then left even buffer accessors as calls.
    @inline(never)
    private mutating func applyInPlace(from start: Int, until limit: Int = .max, in storage: UnsafeRawBufferPointer,
                                       applied: ((String, BasicValue?) -> Void)?) -> (BasicLogScanner.Summary, Int?) {
        var firstUnnormalized: Int?
        // Records wait in a ring of `lookahead` while their slots are prefetched.
        var pending: [(location: BasicRecordLocation, hash: UInt32)] = []
        pending.reserveCapacity(Self.lookahead)
        var oldest = 0
        let seed = seed
        let summary = BasicLogScanner.scan(storage, from: start, until: limit) { location in
            guard firstUnnormalized == nil else { return }
            guard let hash = Self.checkedKeyHash(of: location, in: storage, seed: seed) else {
                firstUnnormalized = location.offset
                return
            }
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

    /// The rule every scan applies to a record before the table sees it: its key's hash, or `nil`
    /// when its key is not normalized (it is then re-framed; see ``applyRecords(from:applied:parallelFrom:)``).
    @inline(__always)
    private static func checkedKeyHash(of location: BasicRecordLocation, in storage: UnsafeRawBufferPointer,
                                       seed: UInt64) -> UInt32? {
        guard location.keyIsASCII || keyIsNormalized(location, in: storage) else { return nil }
        return keyHash(of: location, in: storage, seed: seed)
    }

    /// Splits a large log for ``applyInParallel(from:in:split:)``, or `nil` for one to read on this thread.
    private func beginParallelScan(in storage: UnsafeRawBufferPointer, from start: Int, minimumBytes: Int,
                                   segmentBytes: Int) -> BasicParallelScan? {
        let seed = seed
        return BasicParallelScan.begin(in: storage, from: start, minimumBytes: minimumBytes,
                                       segmentBytes: segmentBytes) { location, storage in
            Self.checkedKeyHash(of: location, in: storage, seed: seed)
        }
    }

    /// Checks and applies the records before `split` while `split` checks the rest on another
    /// thread, then applies those as they are handed over, reading on itself from wherever the
    /// scan stops: the same records, damage and summary as a scan on one thread.
    ///
    /// - Returns: The scan's summary, and where the first record with a key to normalize starts.
    private mutating func applyInParallel(from start: Int, in storage: UnsafeRawBufferPointer,
                                          split: BasicParallelScan) -> (BasicLogScanner.Summary, Int?) {
        let (first, firstUnnormalized) = applyInPlace(from: start, until: split.start, in: storage, applied: nil)
        // The scan's records follow on only when this scan ended where it began (see
        // ``BasicParallelScan``) and no record before them waits to be normalized.
        let follows = first.validEnd == split.start && firstUnnormalized == nil
        while true {
            // Always taken until its end: until then the other thread reads `storage`.
            let handover = split.next(takingOver: !follows)
            if follows {
                for segment in handover.segments { applyChecked(segment, in: storage) }
            }
            switch handover.end {
            case nil:
                continue
            case .finished(let summary, let scanUnnormalized)? where follows:
                return (Self.joined(first, summary), scanUnnormalized)
            case .stopped(let position, let summary, let scanUnnormalized)? where follows:
                let (rest, unnormalized) = readOn(from: position, after: scanUnnormalized, in: storage)
                return (Self.joined(Self.joined(first, summary), rest), unnormalized)
            case .finished?, .stopped?:
                // Read on from where this scan ended.
                let (rest, unnormalized) = readOn(from: first.validEnd, after: firstUnnormalized, in: storage)
                return (Self.joined(first, rest), unnormalized)
            }
        }
    }

    /// The rest of `storage` from `position`, read on this thread: applied up to the first key to
    /// normalize, or only summarized when one (`unnormalized`) was met already.
    ///
    /// - Returns: The summary of the rest, and where the first record with a key to normalize starts.
    private mutating func readOn(from position: Int, after unnormalized: Int?,
                                 in storage: UnsafeRawBufferPointer) -> (BasicLogScanner.Summary, Int?) {
        guard let unnormalized else { return applyInPlace(from: position, in: storage, applied: nil) }
        return (Self.summary(of: storage, from: position), unnormalized)
    }

    /// Applies records the other thread checked, prefetching each one's table slot a few ahead.
    private mutating func applyChecked(_ located: [BasicParallelScan.Located], in storage: UnsafeRawBufferPointer) {
        located.withUnsafeBufferPointer { located in
            for index in located.indices {
                if index + Self.lookahead < located.count {
                    slots.withUnsafeBufferPointer { Self.prefetchSlot(forHash: located[index + Self.lookahead].hash, in: $0) }
                }
                let location = located[index].location
                apply(location, hash: located[index].hash, accountedSize: location.size, decoded: nil, in: storage)
            }
        }
    }

    /// What a scan of `storage` from `start` finds, applying nothing.
    @inline(never)
    private static func summary(of storage: UnsafeRawBufferPointer, from start: Int) -> BasicLogScanner.Summary {
        BasicLogScanner.scan(storage, from: start) { _ in }
    }

    /// The summary of two scans, the second starting where the first ended.
    private static func joined(_ first: BasicLogScanner.Summary, _ second: BasicLogScanner.Summary) -> BasicLogScanner.Summary {
        var summary = second
        summary.recordCount += first.recordCount
        summary.damagedRanges = first.damagedRanges + second.damagedRanges
        return summary
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
