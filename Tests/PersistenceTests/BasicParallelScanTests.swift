import Foundation
import Testing
import TestSupport
import Persistence

/// Loading a log with its later part checked on a second thread gives exactly what one thread
/// gives — contents, record count, damaged ranges, end of the intact part — whatever the log holds
/// where it is split.
@Suite("BasicParallelScan")
struct BasicParallelScanTests {
    /// Loads `log` on one thread and split at every tenth of it (a threshold of 0 splits any
    /// log), and expects the same results.
    private func expectSameBothWays(_ log: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        var sequential = BasicStoreIndex()
        let one = sequential.load(log: log, parallelFrom: .max)
        for _ in 0 ..< 10 {
            var parallel = BasicStoreIndex()
            let two = parallel.load(log: log, parallelFrom: 0)
            #expect(two.recordCount == one.recordCount, sourceLocation: sourceLocation)
            #expect(two.damagedRanges == one.damagedRanges, sourceLocation: sourceLocation)
            #expect(two.validEnd == one.validEnd, sourceLocation: sourceLocation)
            #expect(parallel.values == sequential.values, sourceLocation: sourceLocation)
            #expect(parallel.liveBytes == sequential.liveBytes, sourceLocation: sourceLocation)
            #expect(parallel.count == sequential.count, sourceLocation: sourceLocation)
        }
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
