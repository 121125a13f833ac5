import Foundation
import Testing
import TestSupport
import Persistence

/// Strings and data read at open stay encoded in the log's bytes until a get: they must read back,
/// compact and be checked at open exactly as decoded values are.
@Suite("BasicStoreEncodedValue")
struct BasicStoreEncodedValueTests {
    /// A record framed by hand around `payload`, with a correct checksum.
    private func framed(_ payload: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        for index in 0 ..< 4 { length.append(UInt8(truncatingIfNeeded: UInt32(payload.count) >> UInt32(index * 8))) }
        let crc = CRC32C.checksum(payload, continuing: CRC32C.checksum(length))
        var crcBytes: [UInt8] = []
        for index in 0 ..< 4 { crcBytes.append(UInt8(truncatingIfNeeded: crc >> UInt32(index * 8))) }
        return BasicLogFormat.marker + length + crcBytes + payload
    }

    @Test func valuesKeptEncodedAtOpenReadBackAndCompact() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let values: [String: BasicValue] = [
            "text": .string("héllo, wörld — a string longer than fifteen bytes"),
            "short": .string("ok"),
            "bytes": .data(Data([0, 1, 2, 0xFE, 0xC0])),
            "number": .integer(42),
            "list": .array([.string("a"), .data(Data([9]))]),
        ]
        do {
            let store = try BasicValueStore(fileURL: url, durability: .atomic)
            for (key, value) in values { try store.set(value, forKey: key) }
            try store.set("overwritten", forKey: "text-old")
            try store.removeValue(forKey: "text-old")
            try store.synchronize()
        }
        let reopened = try BasicValueStore(fileURL: url)
        #expect(reopened.dictionaryRepresentation() == values)
        for (key, value) in values { #expect(reopened.value(forKey: key) == value, "\(key)") }
        // Compaction right after open re-encodes values never decoded by a get.
        let untouched = try BasicValueStore(fileURL: url)
        try untouched.compact()
        #expect(untouched.dictionaryRepresentation() == values)
        #expect(try BasicValueStore(fileURL: url).dictionaryRepresentation() == values)
    }

    @Test func aChecksummedStringOfInvalidUTF8IsSkippedAtOpen() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let good = try #require(BasicLogRecord(key: "good", value: .string("fine")).framed())
        // set, key "bad", string tag, length 2, invalid UTF-8.
        let bad = framed([0x01, 3] + Array("bad".utf8) + [0x01, 2, 0xFF, 0xFE])
        let badData = framed([0x01, 3] + Array("dat".utf8) + [0x07, 200, 1])  // length beyond the payload
        try Data(BasicLogFormat.header + bad + good + badData + good).write(to: url)
        let store = try BasicValueStore(fileURL: url)
        #expect(store.dictionaryRepresentation() == ["good": .string("fine")])
        #expect(store.statistics.damagedRegionsSkipped == 2)
        let scanned = (BasicLogFormat.header + bad + good).withUnsafeBytes { bytes in
            BasicLogScanner.scan(bytes, from: BasicLogFormat.headerSize) { _ in }
        }
        #expect(scanned.recordCount == 1)
        #expect(scanned.damagedRanges == [BasicLogFormat.headerSize ..< BasicLogFormat.headerSize + bad.count])
    }
}
