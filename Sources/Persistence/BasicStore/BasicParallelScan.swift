import Foundation

/// The later part of a large log, checked and hashed on another thread while the opening thread
/// applies the earlier part: opening then takes about as long as the slower of the two.
///
/// Checking a record (checksum, UTF-8, parsing) costs about three times as much as entering it
/// into the table, and only entering must happen in log order. So the log is split at the first
/// intact record after ``opensAt`` of it: the opening thread checks and applies the records before
/// the split, this scan checks and hashes the rest, and the opening thread then applies those.
///
/// The split never changes what is read. The scan uses the same rules as a sequential one, from a
/// record that is intact on its own; the opening thread uses its results only when its own scan
/// ended exactly where this one started. (It can end elsewhere when the "record" found at the
/// split is bytes inside a longer record, such as a data value holding a framed record.) Otherwise,
/// and when no thread took the scan up by the time the opening thread needs it, the opening thread
/// reads the rest itself.
final class BasicParallelScan: @unchecked Sendable {
    // @unchecked: `state` and the results are only touched holding `condition`; the log's bytes
    // are only read, and the opening thread keeps them alive until the scan has finished or
    // was abandoned before it started.

    /// A record the scan checked, with its key's hash: 24 bytes, so the later part of a log of a
    /// million records holds 16 MB while it waits to be applied.
    struct Located {
        private var offset: Int
        private var size: UInt32
        private var keyCount: UInt32
        /// The key's hash (``BasicKeyHash``, with the index's seed).
        private(set) var hash: UInt32
        private var keyStartDelta: UInt8
        private var isSet: Bool

        init(_ location: BasicRecordLocation, hash: UInt32) {
            // Sizes are at most the 64 MiB payload limit plus the header; the key starts at most
            // 1 + 10 bytes into the payload.
            offset = location.offset
            size = UInt32(truncatingIfNeeded: location.size)
            keyCount = UInt32(truncatingIfNeeded: location.keyCount)
            keyStartDelta = UInt8(truncatingIfNeeded: location.keyStart - location.offset)
            isSet = location.isSet
            self.hash = hash
        }

        /// The record's location (its key known to be normalized).
        var location: BasicRecordLocation {
            BasicRecordLocation(offset: offset, size: Int(size), keyStart: offset + Int(keyStartDelta),
                                keyCount: Int(keyCount), keyIsASCII: true, isSet: isSet)
        }
    }

    /// What the scan found.
    struct Outcome {
        /// The records to apply, in log order (up to the first key to normalize).
        var located: [Located]
        /// The scan's summary, offsets relative to the log's start.
        var summary: BasicLogScanner.Summary
        /// Where the first record whose key must be normalized starts, if any.
        var firstUnnormalized: Int?
    }

    private enum State {
        case waiting, running, finished(Outcome), abandoned
    }

    /// The smallest remainder of a log worth a second thread (2 MiB, about 30,000 records): below
    /// it, starting the thread costs more than it saves. `Int.max` on a machine with one core.
    static let minimumBytes = ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 << 20 : Int.max
    /// Where the split is sought, as a fraction of the log after the records' start: the opening
    /// thread checks and applies the part before it, then applies the rest, which balances the
    /// scan of the rest on the other thread.
    static let opensAt = 0.35

    /// Where the scan starts: an intact record.
    let start: Int
    private let condition = NSCondition()
    private var state = State.waiting

    private init(start: Int) {
        self.start = start
    }

    /// Splits `storage` after `first` and starts the scan of the later part on another thread.
    ///
    /// - Parameters:
    ///   - storage: The log's bytes; they must stay valid until ``finish()`` returns.
    ///   - first: Where the records start.
    ///   - minimumBytes: The smallest remainder worth splitting.
    ///   - check: The per-record rule of the index: the key's hash, or `nil` for a key that must
    ///     be normalized first.
    /// - Returns: The scan, or `nil` when the log is too small or has no intact record to split at.
    static func begin(in storage: UnsafeRawBufferPointer, from first: Int, minimumBytes: Int,
                      check: @escaping @Sendable (BasicRecordLocation, UnsafeRawBufferPointer) -> UInt32?) -> BasicParallelScan? {
        let remainder = storage.count - first
        guard remainder >= minimumBytes, remainder > 0 else { return nil }
        let guess = first + Int(Double(remainder) * opensAt)
        guard let start = BasicLogScanner.nextIntactRecord(in: storage, after: guess) else { return nil }
        let scan = BasicParallelScan(start: start)
        let bytes = SharedBytes(storage: storage)
        DispatchQueue.global().async { scan.run(bytes.storage, check: check) }
        return scan
    }

    /// Reads the later part, unless the opening thread gave up waiting for it first.
    private func run(_ storage: UnsafeRawBufferPointer, check: (BasicRecordLocation, UnsafeRawBufferPointer) -> UInt32?) {
        condition.lock()
        guard case .waiting = state else {
            condition.unlock()
            return
        }
        state = .running
        condition.unlock()
        var located: [Located] = []
        located.reserveCapacity((storage.count - start) / BasicStoreIndex.typicalRecordSize)
        var firstUnnormalized: Int?
        let summary = BasicLogScanner.scan(storage, from: start) { location in
            guard firstUnnormalized == nil else { return }
            guard let hash = check(location, storage) else {
                firstUnnormalized = location.offset
                return
            }
            located.append(Located(location, hash: hash))
        }
        condition.lock()
        state = .finished(Outcome(located: located, summary: summary, firstUnnormalized: firstUnnormalized))
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the scan to end and takes its outcome; or, when it has not started yet, makes
    /// sure it never will.
    ///
    /// - Returns: The outcome, or `nil` when the scan was abandoned (the caller reads the rest).
    func finish() -> Outcome? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch state {
            case .waiting:
                state = .abandoned
                return nil
            case .running:
                condition.wait()
            case .finished(let outcome):
                state = .abandoned
                return outcome
            case .abandoned:
                return nil
            }
        }
    }

    /// The log's bytes, handed to the scanning thread (read only, kept alive by the opener).
    private struct SharedBytes: @unchecked Sendable {
        let storage: UnsafeRawBufferPointer
    }
}
