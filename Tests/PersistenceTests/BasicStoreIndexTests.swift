import Foundation
import Testing
import TestSupport
import Persistence

@Suite("BasicStoreIndex")
struct BasicStoreIndexTests {
    @Test func liveBytesCountOnlyTheLatestSetOfEachKey() {
        var index = BasicStoreIndex()
        index.apply(BasicLogRecord(key: "a", value: .integer(1)), size: 20)
        index.apply(BasicLogRecord(key: "b", value: .integer(2)), size: 30)
        index.apply(BasicLogRecord(key: "a", value: .integer(3)), size: 25)
        #expect(index.liveBytes == 55)
        index.apply(BasicLogRecord(key: "b", value: nil), size: 15)
        #expect(index.liveBytes == 25)
        #expect(index.value(forKey: "a") == .integer(3))
        #expect(index.value(forKey: "b") == nil)
        #expect(index.garbageBytes(fileSize: BasicLogFormat.headerSize + 90) == 65)
    }

    @Test func removingAMissingKeyChangesNothing() {
        var index = BasicStoreIndex()
        index.apply(BasicLogRecord(key: "a", value: .bool(true)), size: 14)
        index.apply(BasicLogRecord(key: "zzz", value: nil), size: 16)
        #expect(index.liveBytes == 14)
        #expect(index.count == 1)
    }

    @Test func compactedLogHoldsExactlyTheLiveEntries() throws {
        var index = BasicStoreIndex()
        for round in 0 ..< 5 {
            for key in ["x", "y", "z"] {
                let record = BasicLogRecord(key: key, value: .string("\(key)\(round)"))
                index.apply(record, size: try #require(record.framed()).count)
            }
        }
        let y = BasicLogRecord(key: "y", value: nil)
        index.apply(y, size: try #require(y.framed()).count)
        let (bytes, rebuilt) = try #require(index.compacted())
        #expect(bytes.count == BasicLogFormat.headerSize + index.liveBytes)
        #expect(rebuilt.liveBytes == index.liveBytes)
        let result = bytes.withUnsafeBytes { BasicLogScanner.scan($0, from: BasicLogFormat.headerSize) }
        #expect(result.records.map(\.record) == [
            BasicLogRecord(key: "x", value: .string("x4")), BasicLogRecord(key: "z", value: .string("z4")),
        ])
        #expect(Array(bytes.prefix(BasicLogFormat.headerSize)) == BasicLogFormat.header)
    }
}

/// The index against a `Dictionary` doing the same work: thousands of sets, overwrites and
/// removals (removals move entries and shift probe clusters), read back every way.
@Suite("BasicStoreIndex table")
struct BasicStoreIndexTableTests {
    /// The log bytes of `records`, header first.
    private func log(_ records: [BasicLogRecord]) throws -> [UInt8] {
        var bytes = BasicLogFormat.header
        for record in records { bytes += try #require(record.framed()) }
        return bytes
    }

    /// Random records over a few thousand keys: two sets for every removal, so the table
    /// grows, and removals hit keys in the middle of probe clusters.
    private func randomRecords(count: Int, seed: UInt64) -> [BasicLogRecord] {
        var random = SeededRandom(seed: seed)
        return (0 ..< count).map { step in
            let key = "k\(Int.random(in: 0 ..< 3_000, using: &random))"
            if Int.random(in: 0 ..< 3, using: &random) == 0 { return BasicLogRecord(key: key, value: nil) }
            return BasicLogRecord(key: key, value: step.isMultiple(of: 2) ? .integer(step) : .string("value \(step)"))
        }
    }

    private func expectSameContents(_ index: BasicStoreIndex, as oracle: [String: BasicValue],
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(index.count == oracle.count, sourceLocation: sourceLocation)
        #expect(index.values == oracle, sourceLocation: sourceLocation)
        #expect(index.sortedKeys == oracle.keys.sorted(), sourceLocation: sourceLocation)
        for key in oracle.keys.sorted().prefix(200) {
            #expect(index.value(forKey: key) == oracle[key], "\(key)", sourceLocation: sourceLocation)
        }
        #expect(index.value(forKey: "never-set") == nil, sourceLocation: sourceLocation)
    }

    @Test func setsOverwritesAndRemovalsMatchADictionary() throws {
        let records = randomRecords(count: 20_000, seed: 7)
        var index = BasicStoreIndex()
        var oracle: [String: BasicValue] = [:]
        var liveBytes: [String: Int] = [:]
        for (step, record) in records.enumerated() {
            let size = try #require(record.framed()).count
            index.apply(record, size: size)
            oracle[record.key] = record.value
            liveBytes[record.key] = record.value == nil ? nil : size
            // After every removal, every remaining key must still be found past the shifted cluster.
            if record.value == nil, step.isMultiple(of: 97) {
                for (key, value) in oracle { #expect(index.value(forKey: key) == value, "\(key) after step \(step)") }
            }
        }
        expectSameContents(index, as: oracle)
        #expect(index.liveBytes == liveBytes.values.reduce(0, +))
    }

    @Test func aLoadedLogIndexesTheSameAsAppliedRecords() throws {
        let records = randomRecords(count: 6_000, seed: 11)
        var oracle: [String: BasicValue] = [:]
        for record in records { oracle[record.key] = record.value }
        var index = BasicStoreIndex()
        let bytes = try log(records)
        let summary = index.load(log: bytes)
        #expect(summary.recordCount == records.count)
        #expect(summary.validEnd == bytes.count)
        expectSameContents(index, as: oracle)
    }

    @Test func appendedBytesApplyAfterTheLoadedOnesAndReportEachRecord() throws {
        let first = randomRecords(count: 3_000, seed: 3)
        let second = randomRecords(count: 3_000, seed: 5)
        var oracle: [String: BasicValue] = [:]
        for record in first + second { oracle[record.key] = record.value }
        var index = BasicStoreIndex()
        _ = index.load(log: try log(first))
        let appended = try log(second).dropFirst(BasicLogFormat.headerSize)
        var reported: [BasicLogRecord] = []
        let summary = index.loadAppended(Array(appended)) { reported.append(BasicLogRecord(key: $0, value: $1)) }
        #expect(summary.validEnd == appended.count)
        #expect(reported == second)
        expectSameContents(index, as: oracle)
    }

    @Test func decodedValuesFollowTheirKeysWhenRemovalsMoveEntries() {
        var index = BasicStoreIndex()
        let keys = (0 ..< 50).map { "key\($0)" }
        for key in keys { index.apply(BasicLogRecord(key: key, value: .string("of \(key)")), size: 20) }
        for key in keys { _ = index.decodingValue(forKey: key) }
        for key in keys where key.hasSuffix("3") || key.hasSuffix("7") {
            index.apply(BasicLogRecord(key: key, value: nil), size: 10)
        }
        for key in keys {
            let expected: BasicValue? = key.hasSuffix("3") || key.hasSuffix("7") ? nil : .string("of \(key)")
            #expect(index.decodingValue(forKey: key) == expected, "\(key)")
        }
    }

    @Test func aTornTailIsLeftOutOfTheIndex() throws {
        let records = [BasicLogRecord(key: "a", value: .integer(1)), BasicLogRecord(key: "b", value: .string("two"))]
        let bytes = try log(records)
        var index = BasicStoreIndex()
        let summary = index.load(log: Array(bytes.dropLast(3)))
        #expect(summary.validEnd == bytes.count - (try #require(records[1].framed())).count)
        #expect(index.values == ["a": .integer(1)])
        // What is appended next lands after the cut, not after the torn bytes.
        index.apply(BasicLogRecord(key: "c", value: .bool(true)), size: 14)
        #expect(index.values == ["a": .integer(1), "c": .bool(true)])
    }

    @Test func keysInAnotherNormalizationAreFoundUnderTheNormalizedKey() throws {
        let decomposed = "cafe\u{301}"
        let composed = "caf\u{E9}"
        #expect(Array(decomposed.utf8) != Array(composed.utf8))
        let records = [
            BasicLogRecord(key: "plain", value: .integer(0)),
            BasicLogRecord(key: decomposed, value: .integer(1)),
            BasicLogRecord(key: "after", value: .integer(2)),
        ]
        var index = BasicStoreIndex()
        let bytes = try log(records)
        let summary = index.load(log: bytes)
        #expect(summary.recordCount == 3)
        #expect(summary.validEnd == bytes.count)
        #expect(index.value(forKey: composed) == .integer(1))
        #expect(index.sortedKeys == ["after", composed, "plain"])
        // Later records in either normalization replace it, in log order.
        let more = try log([BasicLogRecord(key: composed, value: .integer(3)), BasicLogRecord(key: decomposed, value: .integer(4))])
        _ = index.loadAppended(Array(more.dropFirst(BasicLogFormat.headerSize)), applied: nil)
        #expect(index.value(forKey: composed) == .integer(4))
        #expect(index.count == 3)
        // The live bytes count what the records take in the file, not their normalized copies.
        #expect(index.liveBytes == bytes.count - BasicLogFormat.headerSize
                    - (try #require(records[1].framed())).count + (try #require(BasicLogRecord(key: decomposed, value: .integer(4)).framed())).count)
    }

    @Test func overwritingAndRemovingKeysHoldsNoNewBytes() throws {
        var index = BasicStoreIndex()
        _ = index.load(log: try log([BasicLogRecord(key: "loaded", value: .integer(0))]))
        index.apply(BasicLogRecord(key: "set", value: .string("first")), size: 30)
        let held = index.heldBytes
        for round in 1 ... 1_000 {
            index.apply(BasicLogRecord(key: "set", value: .string("round \(round)")), size: 30 + round % 3)
            index.apply(BasicLogRecord(key: "loaded", value: .integer(round)), size: 20)
        }
        #expect(index.heldBytes == held)
        #expect(index.values == ["set": .string("round 1000"), "loaded": .integer(1_000)])
        #expect(index.liveBytes == 30 + 1_000 % 3 + 20)
        // A record another process appends replaces the kept value.
        let appended = try log([BasicLogRecord(key: "set", value: .string("theirs"))]).dropFirst(BasicLogFormat.headerSize)
        _ = index.loadAppended(Array(appended), applied: nil)
        #expect(index.value(forKey: "set") == .string("theirs"))
        let (compacted, rebuilt) = try #require(index.compacted())
        #expect(rebuilt.values == ["set": .string("theirs"), "loaded": .integer(1_000)])
        #expect(compacted.count == BasicLogFormat.headerSize + rebuilt.liveBytes)
    }

    @Test func theEmptyKeyIsAKeyLikeAnyOther() {
        var index = BasicStoreIndex()
        index.apply(BasicLogRecord(key: "", value: .integer(1)), size: 15)
        index.apply(BasicLogRecord(key: "x", value: .integer(2)), size: 16)
        #expect(index.value(forKey: "") == .integer(1))
        index.apply(BasicLogRecord(key: "", value: nil), size: 14)
        #expect(index.value(forKey: "") == nil)
        #expect(index.values == ["x": .integer(2)])
    }
}

/// The index's kept decoded values against a `Dictionary` by entry number, through the index's
/// own moves: entries appended, values kept and forgotten, removals moving the last entry.
@Suite("BasicDecodedValues")
struct BasicDecodedValuesTests {
    @Test func keptValuesFollowTheirEntriesThroughRemovals() {
        var random = SeededRandom(seed: 21)
        var kept = BasicDecodedValues()
        var oracle: [Int: BasicValue] = [:]
        var entryCount = 0
        for step in 0 ..< 20_000 {
            switch Int.random(in: 0 ..< 10, using: &random) {
            case 0 ..< 3:
                kept.entryAppended()
                entryCount += 1
            case 3 ..< 7 where entryCount > 0:
                let entry = Int.random(in: 0 ..< entryCount, using: &random)
                let value: BasicValue? = step.isMultiple(of: 5) ? nil : .integer(step)
                kept.set(value, entry: entry, entryCount: entryCount)
                oracle[entry] = value
            case 7 ..< 10 where entryCount > 0:
                let entry = Int.random(in: 0 ..< entryCount, using: &random)
                let last = entryCount - 1
                kept.entryRemoved(entry, last: last)
                oracle[entry] = oracle[last]
                oracle[last] = nil
                entryCount -= 1
            default:
                break
            }
        }
        for entry in 0 ..< entryCount + 2 { #expect(kept[entry] == oracle[entry], "entry \(entry)") }
    }
}

/// The index's key hash spreads keys that differ little: nearly every one of 100,000 sequential
/// keys, and of keys one byte apart at every length, gets its own 32 bits.
@Suite("BasicKeyHash")
struct BasicKeyHashTests {
    private func distinctHashes(_ keys: [String]) -> Int {
        let seed = BasicKeyHash.processSeed
        var hashes = Set<UInt32>()
        for key in keys {
            var key = key
            _ = key.withUTF8 { hashes.insert(BasicKeyHash.hash(UnsafeRawBufferPointer($0), seed: seed)) }
        }
        return hashes.count
    }

    @Test func sequentialKeysRarelyShareAHash() {
        let keys = (0 ..< 100_000).map { "key.\($0)" }
        // A random 32-bit function gives about one shared pair in 100,000 keys.
        #expect(distinctHashes(keys) >= keys.count - 10)
    }

    @Test func keysOneByteApartAtEveryLengthGetTheirOwnHash() {
        for length in 1 ... 40 {
            var keys: [String] = []
            for position in 0 ..< length {
                for letter in ["a", "b", "c"] {
                    var characters = Array(repeating: "x", count: length)
                    characters[position] = letter
                    keys.append(characters.joined())
                }
            }
            keys.append(String(repeating: "x", count: length))
            #expect(distinctHashes(keys) == keys.count, "length \(length)")
        }
    }
}
