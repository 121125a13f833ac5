import PropertyList
import Testing

@Suite struct UTF8ValidationTests {
    private func firstInvalid(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { UTF8Validation.firstInvalidOffset(in: $0) }
    }

    @Test func acceptsWellFormedTextOfEveryLength() {
        #expect(firstInvalid([]) == nil)
        #expect(firstInvalid(Array("plain ASCII".utf8)) == nil)
        #expect(firstInvalid(Array("Zürich 東京 😀 \u{10FFFF} \u{FFFF}".utf8)) == nil)
    }

    @Test(arguments: [
        ([0x41, 0x80], 1),             // lone continuation byte
        ([0xC0, 0x80], 0),             // overlong NUL
        ([0xC1, 0xBF], 0),             // overlong
        ([0xE0, 0x80, 0x80], 0),       // overlong three-byte form
        ([0xED, 0xA0, 0x80], 0),       // surrogate U+D800
        ([0xF4, 0x90, 0x80, 0x80], 0), // beyond U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0), // invalid lead
        ([0x41, 0xE2, 0x82], 1),       // truncated at the end
        ([0xE2, 0x41, 0x82], 0),       // interrupted
        ([0xF0, 0x9F, 0x98, 0x41], 0), // bad fourth byte
    ] as [([UInt8], Int)])
    func reportsTheFirstMalformedSequence(bytes: [UInt8], offset: Int) {
        #expect(firstInvalid(bytes) == offset)
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let alphabet: [UInt8] = [0x41, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0x9F, 0xA0]
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                bytes.append(alphabet.randomElement(using: &generator) ?? 0)
            }
            let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
            #expect((firstInvalid(bytes) == nil) == (repaired == bytes), "\(bytes)")
        }
    }

    @Test func asciiCheckFindsAHighByteInAnyWordOrTheTail() {
        func isASCII(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { UTF8Validation.isASCII($0) } }
        #expect(isASCII([]))
        let plain = Array("seventeen letters".utf8)
        #expect(isASCII(plain))
        for position in plain.indices {
            var bytes = plain
            bytes[position] = 0xC3
            #expect(!isASCII(bytes), "high byte at \(position)")
        }
    }
}
