import Foundation
import PropertyList
import Testing

@Suite struct Base64Tests {
    private func decode(_ text: String) throws(Base64.DecodingError) -> Data {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBytes { raw in Result { () throws(Base64.DecodingError) in try Base64.decode(raw) } }
        return try result.get()
    }

    private func encode(_ bytes: Data, lineLength: Int = 0, indentation: Int = 0) -> String {
        var buffer = ByteBuffer()
        bytes.withUnsafeBytes { Base64.encode($0, lineLength: lineLength, indentation: indentation, into: &buffer) }
        return buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test func encodingMatchesFoundationForEveryTailLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<200 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let single = bytes.withUnsafeBytes { Base64.encode($0) }
            #expect(single == bytes.base64EncodedString())
            #expect(Base64.encodedLength(of: length) == single.utf8.count)
        }
    }

    @Test func decodingInvertsFoundationEncodingWithAndWithoutLineBreaks() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 3, 4, 5, 56, 57, 58, 1_000, 4_099] {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(try decode(bytes.base64EncodedString()) == bytes)
            #expect(try decode(bytes.base64EncodedString(options: [.lineLength64Characters, .endLineWithCarriageReturn,
                                                                   .endLineWithLineFeed])) == bytes)
            #expect(try decode(encode(bytes, lineLength: 68, indentation: 3)) == bytes)
        }
    }

    @Test func lineBreakingIndentsEveryLineAndEndsEachWithLineFeed() {
        let bytes = Data(0..<10)
        #expect(encode(bytes, lineLength: 8, indentation: 2) == "\t\tAAECAwQF\n\t\tBgcICQ==\n")
        #expect(encode(Data(), lineLength: 8, indentation: 2) == "")
        // A length that is not a multiple of four is rounded down so groups stay whole.
        #expect(encode(bytes, lineLength: 6) == "AAEC\nAwQF\nBgcI\nCQ==\n")
    }

    @Test func decodesOneMegabyte() throws {
        let bytes = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })
        #expect(try decode(encode(bytes, lineLength: 76)) == bytes)
    }

    @Test func acceptsMissingFinalPadding() throws {
        #expect(try decode("QUI") == Data("AB".utf8))
        #expect(try decode("QQ") == Data("A".utf8))
        #expect(try decode("  Q Q = = ") == Data("A".utf8))
    }

    @Test(arguments: [
        ("QU*I", 2, "'*'"),
        ("QUJD\u{1}", 4, "0x1"),
        ("Q===", 1, "padding"),
        ("=QUJ", 0, "padding"),
        ("QQ=", 3, "incomplete"),
        ("QQ===", 4, "too much"),
        ("QUI=QUJD", 4, "after base64 padding"),
        ("QUJDR", 5, "lone character"),
        ("QUJD\u{E9}", 4, "0xC3"),
    ])
    func rejectsMalformedTextWithOffset(text: String, offset: Int, reasonFragment: String) {
        do {
            let decoded = try decode(text)
            Issue.record("decoded \(decoded as NSData) from \(text.debugDescription)")
        } catch {
            #expect(error.offset == offset, "\(text.debugDescription): \(error.reason)")
            #expect(error.reason.contains(reasonFragment), "\(error.reason)")
        }
    }
}
