import Foundation
import Testing
import TestSupport
import Persistence

@Suite("BasicValueCodec")
struct BasicValueCodecTests {
    private func encode(_ value: BasicValue) -> [UInt8] {
        var bytes: [UInt8] = []
        BasicValueEncoder.encode(value, into: &bytes)
        return bytes
    }

    private func decode(_ bytes: [UInt8]) throws -> BasicValue {
        let result: Result<BasicValue, BasicDecodingFailure> = bytes.withUnsafeBytes { raw in
            var reader = BasicByteReader(raw)
            do throws(BasicDecodingFailure) {
                let value = try BasicValueDecoder.decode(from: &reader)
                guard reader.remaining == 0 else {
                    return .failure(BasicDecodingFailure(reason: "stray bytes", offset: reader.offset))
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    @Test func scalarsEncodeToTheDocumentedBytes() throws {
        #expect(encode(.string("hi")) == [0x01, 0x02, 0x68, 0x69])
        #expect(encode(.integer(0)) == [0x02, 0x00])
        #expect(encode(.integer(-1)) == [0x02, 0x01])
        #expect(encode(.integer(1)) == [0x02, 0x02])
        #expect(encode(.integer(300)) == [0x02, 0xD8, 0x04])
        #expect(encode(.double(1.0)) == [0x03, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
        #expect(encode(.bool(false)) == [0x04])
        #expect(encode(.bool(true)) == [0x05])
        #expect(encode(.date(Date(timeIntervalSinceReferenceDate: 2))) == [0x06, 0, 0, 0, 0, 0, 0, 0, 0x40])
        #expect(encode(.data(Data([9, 8]))) == [0x07, 0x02, 9, 8])
        #expect(encode(.url(try #require(URL(string: "a:b")))) == [0x08, 0x03, 0x61, 0x3A, 0x62])
        #expect(encode(.array([.bool(true)])) == [0x09, 0x01, 0x05])
        #expect(encode(.dictionary(["b": .bool(true), "a": .bool(false)])) == [0x0A, 0x02, 0x01, 0x61, 0x04, 0x01, 0x62, 0x05])
    }

    @Test func everyKindRoundTrips() throws {
        let values: [BasicValue] = [
            .string(""), .string("héllo 🌍"), .string("e\u{301}"), .string("nul\u{0}inside"),
            .integer(.min), .integer(.max), .integer(-64), .integer(64),
            .double(-0.0), .double(.infinity), .double(-.infinity), .double(.leastNonzeroMagnitude), .double(.pi),
            .bool(true), .bool(false),
            .date(Date(timeIntervalSinceReferenceDate: -1e9)), .date(Date(timeIntervalSince1970: 1_700_000_000.123456)),
            .data(Data()), .data(Data((0 ... 255).map { UInt8($0) })),
            .url(URL(fileURLWithPath: "/tmp/a b/ç.txt")), .url(try #require(URL(string: "https://example.com/p?q=1#f"))),
            .array([]), .dictionary([:]),
            .dictionary(["list": .array([.integer(1), .string("two"), .dictionary(["x": .double(3)])]), "": .bool(true)]),
        ]
        for value in values {
            #expect(try decode(encode(value)) == value)
        }
    }

    @Test func nanKeepsItsBitPattern() throws {
        let payload = Double(nan: 0x1234, signaling: false)
        let decoded = try decode(encode(.double(payload)))
        #expect(decoded.doubleValue?.bitPattern == payload.bitPattern)
    }

    @Test func randomNestedValuesRoundTrip() throws {
        var random = SeededRandom(seed: 0xBA51C)
        for _ in 0 ..< 300 {
            let value = BasicValueSamples.random(&random, depth: 0)
            #expect(try decode(encode(value)) == value)
        }
    }

    @Test func encodingAppendsToWhatTheBufferHolds() throws {
        var random = SeededRandom(seed: 0x51_2E)
        for _ in 0 ..< 100 {
            let value = BasicValueSamples.random(&random, depth: 0)
            var bytes: [UInt8] = [0xAB, 0xCD]
            #expect(BasicValueEncoder.encode(value, into: &bytes))
            #expect(bytes[..<2] == [0xAB, 0xCD])
            #expect(try decode(Array(bytes[2...])) == value)
        }
    }

    @Test func valuesNestedDeeperThanTheReaderAcceptsAreNotEncoded() throws {
        func nested(_ levels: Int) -> BasicValue {
            (0 ..< levels).reduce(BasicValue.integer(7)) { inner, _ in .array([.string("x"), inner]) }
        }
        var bytes: [UInt8] = [1, 2, 3]
        #expect(!BasicValueEncoder.encode(nested(BasicByteReader.maximumDepth + 1), into: &bytes))
        #expect(bytes == [1, 2, 3])
        #expect(!BasicValueEncoder.encode(.dictionary(["a": nested(BasicByteReader.maximumDepth)]), into: &bytes))
        #expect(bytes == [1, 2, 3])
        #expect(try decode(encode(nested(BasicByteReader.maximumDepth))) == nested(BasicByteReader.maximumDepth))
        #expect(BasicLogRecord(key: "k", value: nested(BasicByteReader.maximumDepth + 1)).framed() == nil)
    }

    @Test func damagedEncodingsAreRejectedNotCrashed() {
        let damaged: [(String, [UInt8])] = [
            ("unknown tag", [0x7F]),
            ("empty", []),
            ("truncated string", [0x01, 0x05, 0x61]),
            ("truncated double", [0x03, 0, 0, 0]),
            ("varint longer than 10 bytes", [0x02] + [UInt8](repeating: 0x80, count: 11) + [0x01]),
            ("varint over 64 bits", [0x02] + [UInt8](repeating: 0xFF, count: 9) + [0x02]),
            ("count beyond the input", [0x09, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
            ("invalid UTF-8", [0x01, 0x02, 0xC3, 0x28]),
            ("duplicate dictionary key", [0x0A, 0x02, 0x01, 0x61, 0x04, 0x01, 0x61, 0x05]),
            ("unparsable URL", [0x08, 0x00]),
        ]
        for (name, bytes) in damaged {
            #expect(throws: BasicDecodingFailure.self, "\(name)") { try decode(bytes) }
        }
    }

    @Test func nestingDeeperThanTheLimitIsRejected() throws {
        let depth = BasicByteReader.maximumDepth + 1
        let tooDeep = (0 ..< depth).flatMap { _ -> [UInt8] in [0x09, 0x01] } + [UInt8(0x05)]
        #expect(throws: BasicDecodingFailure.self) { try decode(tooDeep) }
        let deepest = (0 ..< depth - 1).flatMap { _ -> [UInt8] in [0x09, 0x01] } + [UInt8(0x05)]
        _ = try decode(deepest)
    }
}
