import Foundation
import PropertyList

/// The later part of a large log, checked and hashed on another thread while the opening thread
/// applies the earlier part: opening then takes about as long as the slower of the two.
///
/// Checking a record (checksum, UTF-8, parsing) costs about as much as entering it into the table,
/// and only entering must happen in log order. So the log is split at the first intact record
/// after ``opensAt`` of it: the opening thread checks and applies the records before the split,
/// this scan checks and hashes the rest in segments of ``segmentBytes``, and the opening thread
/// applies each segment as it is handed over (``next(takingOver:)``).
///
/// The split never changes what is read. The scan uses the same rules as a sequential one, from a
/// record that is intact on its own; the opening thread uses its results only when its own scan
/// ended exactly where this one started. (It can end elsewhere when the "record" found at the
/// split is bytes inside a longer record, such as a data value holding a framed record.)
///
/// The opening thread never waits on a scan slower than reading on itself: when it has applied
/// every segment handed over and the scan has not finished — the other core is busy, or the
/// thread has not started — it takes the rest over (``next(takingOver:)`` stops the scan at its
/// next segment boundary, or before it starts) and reads on from where the scan stopped. When no
/// thread can be started, there is no split and the opening thread reads the whole log.
package final class BasicParallelScan: @unchecked Sendable {
    // @unchecked: `state`, `segments` and `stopRequested` are only touched holding `condition`;
    // the log's bytes are only read, and the opening thread keeps them alive until the scan has
    // ended (``next(takingOver:)`` returned an end).

    /// A record the scan checked, with its key's hash: 24 bytes, so even a scan that runs far
    /// ahead of the applying holds 16 MB for the later part of a log of a million records.
    package struct Located {
        private var offset: Int
        private var size: UInt32
        private var keyCount: UInt32
        /// The key's hash (``BasicKeyHash``, with the index's seed).
        package private(set) var hash: UInt32
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
        package var location: BasicRecordLocation {
            BasicRecordLocation(offset: offset, size: Int(size), keyStart: offset + Int(keyStartDelta),
                                keyCount: Int(keyCount), keyIsASCII: true, isSet: isSet)
        }
    }

    /// How the scan ended, once the opening thread has applied every segment before it.
    package enum End {
        /// It read to the end of the log. `summary` covers the part from ``start``;
        /// `firstUnnormalized` is where the first record whose key must be normalized starts, if
        /// any (the segments end before it).
        case finished(summary: BasicLogScanner.Summary, firstUnnormalized: Int?)
        /// It was stopped, or never started: the opening thread reads on from `position`, a record
        /// boundary (or ``start``); `summary` and `firstUnnormalized` cover the part before it.
        case stopped(position: Int, summary: BasicLogScanner.Summary, firstUnnormalized: Int?)
    }

    /// What the opening thread gets from ``next(takingOver:)``: the checked records handed over since the
    /// last call, in log order, and, once the scan is over, how it ended.
    package struct Handover {
        package var segments: [[Located]]
        package var end: End?
    }

    private enum State {
        case waiting, running, ended(End)
    }

    /// The smallest remainder of a log worth a second thread (2 MiB, about 30,000 records): below
    /// it, starting the thread costs more than it saves. `Int.max` on a machine with one core.
    package static let minimumBytes = ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 << 20 : Int.max
    /// Where the split is sought, as a fraction of the log after the records' start: the opening
    /// thread checks and applies the part before it while the other thread checks the rest, and
    /// the scan stays ahead of the applying after that.
    static let opensAt = 0.35
    /// How much of the log the scan checks between hand-overs (about 1,000 typical records): small
    /// enough that the opening thread rarely waits for one, or for the scan to stop.
    package static let segmentBytes = 64 << 10

    /// Where the scan starts: an intact record.
    package let start: Int
    /// How much the scan checks between hand-overs.
    private let segmentBytes: Int
    private let condition = NSCondition()
    private var state = State.waiting
    /// Checked segments not yet taken by the opening thread.
    private var segments: [[Located]] = []
    /// Set by the opening thread when it takes the rest over.
    private var stopRequested = false

    private init(start: Int, segmentBytes: Int) {
        self.start = start
        self.segmentBytes = max(1, segmentBytes)
    }

    /// Splits `storage` after `first` and starts the scan of the later part on another thread.
    ///
    /// - Parameters:
    ///   - storage: The log's bytes; they must stay valid until ``next(takingOver:)`` has returned an end.
    ///   - first: Where the records start.
    ///   - minimumBytes: The smallest remainder worth splitting.
    ///   - segmentBytes: How much the scan checks between hand-overs.
    ///   - check: The per-record rule of the index: the key's hash, or `nil` for a key that must
    ///     be normalized first.
    /// - Returns: The scan, or `nil` when the log is too small, has no intact record to split at, or
    ///   no thread can be started.
    package static func begin(in storage: UnsafeRawBufferPointer, from first: Int, minimumBytes: Int,
                              segmentBytes: Int = BasicParallelScan.segmentBytes,
                              check: @escaping @Sendable (BasicRecordLocation, UnsafeRawBufferPointer) -> UInt32?)
        -> BasicParallelScan? {
        let remainder = storage.count - first
        guard remainder >= minimumBytes, remainder > 0 else { return nil }
        let guess = first + Int(Double(remainder) * opensAt)
        guard let start = BasicLogScanner.nextIntactRecord(in: storage, after: guess) else { return nil }
        let scan = BasicParallelScan(start: start, segmentBytes: segmentBytes)
        let bytes = SharedBytes(storage: storage)
        // A thread of its own rather than a pool's: a busy pool would leave the scan unstarted.
        guard SystemThread.startDetached({ scan.run(bytes.storage, check: check) }) else { return nil }
        return scan
    }

    /// Checks the later part segment by segment, handing each over, until the end of the log or
    /// until the opening thread takes the rest over.
    private func run(_ storage: UnsafeRawBufferPointer, check: (BasicRecordLocation, UnsafeRawBufferPointer) -> UInt32?) {
        condition.lock()
        guard case .waiting = state else {
            condition.unlock()
            return
        }
        state = .running
        condition.unlock()
        var summary = BasicLogScanner.Summary()
        var position = start
        var firstUnnormalized: Int?
        let typicalCount = max(1, segmentBytes / BasicStoreIndex.typicalRecordSize)
        while true {
            let limit = position.addingReportingOverflow(segmentBytes)
            let segmentEnd = limit.overflow ? Int.max : limit.partialValue
            var located: [Located] = []
            located.reserveCapacity(typicalCount)
            let part = BasicLogScanner.scan(storage, from: position, until: segmentEnd) { location in
                guard firstUnnormalized == nil else { return }
                guard let hash = check(location, storage) else {
                    firstUnnormalized = location.offset
                    return
                }
                located.append(Located(location, hash: hash))
            }
            summary.recordCount += part.recordCount
            summary.damagedRanges += part.damagedRanges
            summary.validEnd = part.validEnd
            position = part.validEnd
            // A scan that stopped short of its limit met the end of the log or a torn tail.
            let finished = position < min(segmentEnd, storage.count) || position >= storage.count
            condition.lock()
            if !located.isEmpty { segments.append(located) }
            let end: End? = if finished {
                .finished(summary: summary, firstUnnormalized: firstUnnormalized)
            } else if stopRequested {
                .stopped(position: position, summary: summary, firstUnnormalized: firstUnnormalized)
            } else {
                nil
            }
            if let end { state = .ended(end) }
            condition.broadcast()
            condition.unlock()
            if end != nil { return }
        }
    }

    /// The segments checked since the last call. When there are none — the scan has not started,
    /// or has not kept ahead of the applying — the opening thread takes the rest over instead of
    /// waiting: the scan stops at its next segment boundary (or never starts), and the hand-over's
    /// end says where the opening thread reads on.
    ///
    /// Call until a hand-over has an end; after it the other thread no longer reads the log.
    ///
    /// - Parameter takingOver: Stop the scan now rather than wait for more segments (the opening
    ///   thread cannot use them, as when its own scan did not end at ``start``).
    /// - Returns: Segments to apply in order, then possibly the end.
    package func next(takingOver: Bool = false) -> Handover {
        condition.lock()
        defer { condition.unlock() }
        if takingOver || segments.isEmpty {
            switch state {
            case .waiting:
                state = .ended(.stopped(position: start, summary: BasicLogScanner.Summary(), firstUnnormalized: nil))
            case .running:
                // Nothing to apply and the scan still going: it is not keeping ahead, so the
                // opening thread reads on itself from the boundary where the scan stops.
                stopRequested = true
                while case .running = state { condition.wait() }
            case .ended:
                break
            }
        }
        let handed = segments
        segments = []
        guard case .ended(let end) = state else { return Handover(segments: handed, end: nil) }
        return Handover(segments: handed, end: end)
    }

    /// The log's bytes, handed to the scanning thread (read only, kept alive by the opener).
    private struct SharedBytes: @unchecked Sendable {
        let storage: UnsafeRawBufferPointer
    }
}
