import Foundation
import Testing
import TestSupport
import Persistence

/// Loading a log with its later part checked on a second thread gives exactly what one thread
/// gives — contents, record count, damaged ranges, end of the intact part — whatever the log holds
/// where it is split.
@Suite("BasicParallelScan")
struct BasicParallelScanTests {
    /// Loads `log` on one thread and split (a threshold of 0 splits any log), ten times with each
    /// segment size — the default, one that hands over a few records at a time, and one that
    /// hands over every record, so the opening thread also catches up and takes the rest over —
    /// and expects the same results every time.
    private func expectSameBothWays(_ log: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        var sequential = BasicStoreIndex()
        let one = sequential.load(log: log, parallelFrom: .max)
        for segmentBytes in [BasicParallelScan.segmentBytes, 300, 1] {
            for _ in 0 ..< 10 {
                expectSame(as: sequential, one, loading: log, segmentBytes: segmentBytes, sourceLocation: sourceLocation)
            }
        }
    }

    private func expectSame(as sequential: BasicStoreIndex, _ one: BasicLogScanner.Summary, loading log: [UInt8],
                            segmentBytes: Int, sourceLocation: SourceLocation) {
        var parallel = BasicStoreIndex()
        let two = parallel.load(log: log, parallelFrom: 0, segmentBytes: segmentBytes)
        #expect(two.recordCount == one.recordCount, sourceLocation: sourceLocation)
        #expect(two.damagedRanges == one.damagedRanges, sourceLocation: sourceLocation)
        #expect(two.validEnd == one.validEnd, sourceLocation: sourceLocation)
        #expect(parallel.values == sequential.values, sourceLocation: sourceLocation)
        #expect(parallel.liveBytes == sequential.liveBytes, sourceLocation: sourceLocation)
        #expect(parallel.count == sequential.count, sourceLocation: sourceLocation)
    }

    /// The scan's records, offsets only, as one thread reads them from `start` up to `end`.
    private func sequentialOffsets(in storage: UnsafeRawBufferPointer, from start: Int, until end: Int) -> [Int] {
        var offsets: [Int] = []
        _ = BasicLogScanner.scan(storage, from: start) { location in
            if location.offset < end { offsets.append(location.offset) }
        }
        return offsets
    }

    @Test func aScanTakenOverStopsAtARecordBoundaryHavingHandedOverEveryRecordBeforeIt() throws {
        let bytes = try log(records(count: 3_000, seed: 5))
        var outcomes: Set<String> = []
        try bytes.withUnsafeBytes { storage in
            for attempt in 0 ..< 60 {
                let scan = try #require(BasicParallelScan.begin(in: storage, from: BasicLogFormat.headerSize,
                                                                minimumBytes: 0, segmentBytes: 200) { _, _ in 7 })
                // Taken over at once, a little later, or once the scan (about 100 µs) is long
                // done: it may not have started, be part-way through, or have finished.
                if attempt % 3 == 1 { usleep(UInt32(attempt * 10)) }
                if attempt % 3 == 2 { usleep(20_000) }
                var offsets: [Int] = []
                var end: BasicParallelScan.End?
                while end == nil {
                    let handover = scan.next(takingOver: attempt % 3 != 2)
                    offsets += handover.segments.joined().map { $0.location.offset }
                    #expect(handover.segments.joined().allSatisfy { $0.hash == 7 })
                    end = handover.end
                }
                switch end {
                case .stopped(let position, let summary, let firstUnnormalized)?:
                    outcomes.insert(position == scan.start ? "not started" : "stopped")
                    #expect(firstUnnormalized == nil)
                    let expected = sequentialOffsets(in: storage, from: scan.start, until: position)
                    #expect(offsets == expected)
                    #expect(summary.recordCount == expected.count)
                    // Reading on from `position` finds the rest of the records exactly.
                    let all = sequentialOffsets(in: storage, from: scan.start, until: .max)
                    #expect(expected + sequentialOffsets(in: storage, from: position, until: .max) == all)
                case .finished(let summary, let firstUnnormalized)?:
                    outcomes.insert("finished")
                    #expect(firstUnnormalized == nil)
                    #expect(summary.validEnd == storage.count)
                    #expect(offsets == sequentialOffsets(in: storage, from: scan.start, until: .max))
                case nil:
                    Issue.record("no end")
                }
            }
        }
        // Twenty scans had 20 ms for a tenth of a millisecond of work: at least one finished.
        #expect(outcomes.contains("finished"))
    }

    private func log(_ records: [BasicLogRecord]) throws -> [UInt8] {
        var bytes = BasicLogFormat.header
        for record in records { bytes += try #require(record.framed()) }
        return bytes
    }

    private func records(count: Int, seed: UInt64) -> [BasicLogRecord] {
        var random = SeededRandom(seed: seed)
        return (0 ..< count).map { step in
            let key = "k\(Int.random(in: 0 ..< 500, using: &random))"
            if Int.random(in: 0 ..< 4, using: &random) == 0 { return BasicLogRecord(key: key, value: nil) }
            return BasicLogRecord(key: key, value: .string("value \(step)"))
        }
    }

    @Test func anIntactLogLoadsTheSameSplitOrNot() throws {
        expectSameBothWays(try log(records(count: 4_000, seed: 1)))
    }

    @Test func damageOnEitherSideOfTheSplitIsSkippedTheSame() throws {
        var random = SeededRandom(seed: 2)
        let intact = try log(records(count: 3_000, seed: 2))
        for _ in 0 ..< 20 {
            var damaged = intact
            for _ in 0 ..< 4 {
                damaged[Int.random(in: BasicLogFormat.headerSize ..< damaged.count, using: &random)] ^= 0x5A
            }
            expectSameBothWays(damaged)
        }
    }

    @Test func aTornTailAndADamagedSplitRegionReadTheSame() throws {
        let intact = try log(records(count: 3_000, seed: 3))
        expectSameBothWays(Array(intact.dropLast(7)))
        // Damage across the whole region where the split is sought.
        var damaged = intact
        let split = BasicLogFormat.headerSize + Int(Double(intact.count - BasicLogFormat.headerSize) * 0.35)
        for offset in split - 200 ..< split + 200 { damaged[offset] = 0 }
        expectSameBothWays(damaged)
    }

    @Test func aFramedRecordInsideADataValueAtTheSplitIsNotReadAsARecord() throws {
        // Data values that hold framed records: the scan from the split may start inside one of
        // them; the opening thread's scan then ends past it and reads on itself.
        let inner = try #require(BasicLogRecord(key: "inner", value: .string("hidden")).framed())
        var all: [BasicLogRecord] = []
        for step in 0 ..< 2_000 {
            all.append(BasicLogRecord(key: "d\(step % 300)", value: .data(Data(inner + inner))))
        }
        expectSameBothWays(try log(all))
        var index = BasicStoreIndex()
        _ = index.load(log: try log(all), parallelFrom: 0)
        #expect(index.value(forKey: "inner") == nil)
    }

    @Test func keysInAnotherNormalizationOnEitherSideLoadTheSame() throws {
        var all = records(count: 2_000, seed: 4)
        // "é" decomposed, as a log written by something other than the store may hold it.
        all.insert(BasicLogRecord(key: "caf\u{65}\u{301}", value: .integer(1)), at: 300)
        all.insert(BasicLogRecord(key: "re\u{301}sume\u{301}", value: .integer(2)), at: 1_700)
        expectSameBothWays(try log(all))
        var index = BasicStoreIndex()
        _ = index.load(log: try log(all), parallelFrom: 0)
        #expect(index.value(forKey: "caf\u{E9}") == .integer(1))
        #expect(index.value(forKey: "r\u{E9}sum\u{E9}") == .integer(2))
    }
}
