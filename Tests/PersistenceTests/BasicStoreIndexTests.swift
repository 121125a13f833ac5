import Testing
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
        #expect(index.entries.count == 1)
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
