import Foundation
import Testing
import TestSupport
import Persistence

@Suite("BasicLogScanner")
struct BasicLogScannerTests {
    private let records: [BasicLogRecord] = [
        BasicLogRecord(key: "name", value: .string("Ada")),
        BasicLogRecord(key: "age", value: .integer(36)),
        BasicLogRecord(key: "blob", value: .data(Data(BasicLogFormat.marker + BasicLogFormat.marker))),
        BasicLogRecord(key: "name", value: nil),
        BasicLogRecord(key: "flags", value: .array([.bool(true), .dictionary(["x": .double(1.5)])])),
    ]

    /// The header and the framed records, with each record's offset.
    private func log() throws -> (bytes: [UInt8], offsets: [Int]) {
        var bytes = BasicLogFormat.header
        var offsets: [Int] = []
        for record in records {
            offsets.append(bytes.count)
            bytes += try #require(record.framed())
        }
        return (bytes, offsets)
    }

    private func scan(_ bytes: [UInt8]) -> BasicLogScanner.Result {
        bytes.withUnsafeBytes { BasicLogScanner.scan($0, from: BasicLogFormat.headerSize) }
    }

    @Test func intactLogYieldsEveryRecordInOrder() throws {
        let (bytes, offsets) = try log()
        let result = scan(bytes)
        #expect(result.records.map(\.record) == records)
        #expect(result.records.map(\.offset) == offsets)
        #expect(result.damagedRanges.isEmpty)
        #expect(result.validEnd == bytes.count)
    }

    @Test func aFlippedByteInsideARecordCostsOnlyThatRecord() throws {
        let (bytes, offsets) = try log()
        for victim in 0 ..< records.count - 1 {
            let recordRange = offsets[victim] ..< offsets[victim + 1]
            // Every byte of the record in turn: marker, length, checksum and payload.
            for position in recordRange {
                var damaged = bytes
                damaged[position] ^= 0x5A
                let result = scan(damaged)
                var expected = records
                expected.remove(at: victim)
                #expect(result.records.map(\.record) == expected, "record \(victim), byte \(position)")
                #expect(result.damagedRanges == [recordRange], "record \(victim), byte \(position)")
                #expect(result.validEnd == bytes.count)
            }
        }
    }

    @Test func aTornLastRecordIsReportedAsTheTail() throws {
        let (bytes, offsets) = try log()
        let lastStart = try #require(offsets.last)
        for cut in lastStart + 1 ..< bytes.count {
            let result = scan(Array(bytes[..<cut]))
            #expect(result.records.map(\.record) == Array(records.dropLast()), "cut at \(cut)")
            #expect(result.validEnd == lastStart, "cut at \(cut)")
            #expect(result.damagedRanges.isEmpty)
        }
    }

    @Test func junkBetweenRecordsIsSkipped() throws {
        let (bytes, offsets) = try log()
        let junk = [UInt8](repeating: 0, count: 37) + BasicLogFormat.marker + [1, 2, 3]
        let damaged = Array(bytes[..<offsets[2]]) + junk + Array(bytes[offsets[2]...])
        let result = scan(damaged)
        #expect(result.records.map(\.record) == records)
        #expect(result.damagedRanges == [offsets[2] ..< offsets[2] + junk.count])
    }

    @Test func aHugeDamagedLengthDoesNotHideTheFollowingRecords() throws {
        let (bytes, offsets) = try log()
        var damaged = bytes
        for index in 4 ..< 8 { damaged[offsets[1] + index] = 0xFF }
        let result = scan(damaged)
        #expect(result.records.count == records.count - 1)
        #expect(result.damagedRanges == [offsets[1] ..< offsets[2]])
    }

    @Test func randomDamageNeverCrashesAndKeepsUntouchedRecords() throws {
        let (bytes, offsets) = try log()
        var random = SeededRandom(seed: 0x5CA7)
        for _ in 0 ..< 400 {
            var damaged = bytes
            let position = random.inRange(BasicLogFormat.headerSize ... bytes.count - 1)
            damaged[position] = UInt8(truncatingIfNeeded: random.next())
            let result = scan(damaged)
            // Records that do not contain the damaged byte are all still found.
            let ends = Array(offsets.dropFirst()) + [bytes.count]
            for (index, start) in offsets.enumerated() where !(start ..< ends[index]).contains(position) {
                #expect(result.records.contains { $0.offset == start && $0.record == records[index] })
            }
        }
    }
}
