import Foundation
import PropertyList
import TestSupport
import Testing

/// The XML index and the fast paths of the XML writer: each must give exactly what the plain
/// rule gives.
@Suite struct XMLPropertyListIndexTests {
    private func read(_ xml: String) throws -> PropertyListValue {
        try XMLPropertyListReader().read(Data(xml.utf8))
    }

    private func written(_ body: (inout ByteBuffer) -> Void) -> String {
        var buffer = ByteBuffer()
        body(&buffer)
        return buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test func repeatedKeysKeepTheirFirstPositionAndLastValueInSmallAndLargeDictionaries() throws {
        var random = SeededRandom(seed: 0xD0_0B1E)
        for size in [1, 3, 15, 16, 17, 40, 300] {
            var expected = PropertyListDictionary()
            var xml = "<plist><dict>"
            for entry in 0..<size * 2 {
                // Keys drawn from a pool smaller than the entry count repeat; some need entities.
                let number = Int(random.next() % UInt64(size + 1))
                let key = number % 7 == 0 ? "k&\(number)" : "key\(number)"
                let escaped = key.replacingOccurrences(of: "&", with: "&amp;")
                xml += "<key>\(escaped)</key><integer>\(entry)</integer>"
                expected.updateValue(.integer(PropertyListInteger(Int64(entry))), forKey: key)
            }
            xml += "</dict></plist>"
            #expect(try read(xml) == .dictionary(expected), "\(size) keys")
        }
    }

    @Test func aLoneNonNegativeCFUIDIsAUIDAndAnythingElseADictionary() throws {
        #expect(try read("<dict><key>CF$UID</key><integer>7</integer></dict>") == .uid(7))
        #expect(try read("<dict><key>CF$UID</key><integer>-1</integer></dict>") == ["CF$UID": -1])
        #expect(try read("<dict><key>CF$UID</key><string>7</string></dict>") == ["CF$UID": "7"])
        #expect(try read("<dict><key>CF$UID</key><integer>1</integer><key>x</key><true/></dict>")
                == ["CF$UID": 1, "x": true])
    }

    @Test func theIndexRefusesWhatTheReaderRefusesWithTheSameError() throws {
        for name in Fixtures.names(in: "PropertyList/malformed", endingWith: ".plist") where name.hasPrefix("xml-") {
            let data = try Fixtures.data("PropertyList/malformed/\(name)")
            // The depth fixtures nest 600 deep: beyond the limit of 512 they were made for.
            let options = name.contains("depth") ? PropertyListReadingOptions(maximumDepth: 512) : .default
            let viaReader = try #require(throws: PropertyListError.self) { try XMLPropertyListReader(options: options).read(data) }
            let viaIndex = try #require(throws: PropertyListError.self) {
                try data.withUnsafeBytes { _ = try XMLPropertyListIndex(bytes: $0, options: options) }
            }
            #expect(viaIndex == viaReader, "\(name)")
            #expect(viaIndex.location.line != nil, "\(name)")
        }
    }

    @Test func realsAreSpelledAsDescriptionSpellsThem() {
        var random = SeededRandom(seed: 0x2EA1_5)
        let scales: [Double] = [1, 10, 100, 1000, 1e4, 1e6, 1e9, 1e12, 1e15, 1e19]
        for index in 0..<200_000 {
            let value: Double
            switch index % 4 {
            case 0: value = Double(Int64(bitPattern: random.next()) % 10_000_000_000) / scales[Int(random.next() % 10)]
            case 1: value = Double(bitPattern: random.next())
            case 2: value = Double(Int64(bitPattern: random.next() >> 11)) / 1e5 - 90
            default: value = Double(random.next() % 1_000_000_000_000_000) / scales[Int(random.next() % 10)]
            }
            guard value.isFinite else { continue }
            let text = written { XMLScalarSpelling.appendReal(value, into: &$0) }
            #expect(text == "<real>\(value.description)</real>\n")
        }
        for value in [0.0, -0.0, 1, -1, 0.0001, 0.00009999, 1e15, 1e15 - 1, 99_999_999_999_999.9, 123_456_789_012_345,
                      2.5e-5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1 + 0.2] {
            #expect(written { XMLScalarSpelling.appendReal(value, into: &$0) } == "<real>\(value.description)</real>\n")
        }
    }

    /// The escaping rule written the plain way, byte by byte.
    private func referenceEscaped(_ text: String) -> (String, UInt32?) {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3C: output += "&lt;"
            case 0x3E: output += "&gt;"
            case 0x26: output += "&amp;"
            case 0x0D: output += "&#13;"
            case 0x09, 0x0A: output.unicodeScalars.append(scalar)
            case 0..<0x20, 0xFFFE, 0xFFFF: return (output, scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return (output, nil)
    }

    @Test func escapingMatchesTheByteByByteRule() {
        var random = SeededRandom(seed: 0xE5CA_9E)
        let pieces = ["a", "Z", "0", " ", ".", "@", "-", "<", ">", "&", "\r", "\n", "\t", "é", "世", "😀", "\u{FFFD}",
                      "\u{FFFE}", "\u{FFFF}", "\u{1}", "\u{1F}", "plain text ", "0123456789"]
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(random.next() % 40) {
                // Mostly plain runs, so the word-at-a-time paths and their edges are exercised.
                text += random.next() % 4 == 0 ? pieces[Int(random.next() % UInt64(pieces.count))]
                    : String(repeating: "x", count: Int(random.next() % 12))
            }
            var buffer = ByteBuffer()
            let unwritable = XMLScalarSpelling.appendEscaped(text, into: &buffer)
            let (expected, expectedUnwritable) = referenceEscaped(text)
            #expect(unwritable?.scalar == expectedUnwritable, "\(text.debugDescription)")
            if expectedUnwritable == nil {
                #expect(buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } == expected, "\(text.debugDescription)")
            }
        }
    }

    @Test func base64LinesMatchFoundationsEncoding() {
        var random = SeededRandom(seed: 0xBA5E_64)
        for count in 0..<300 {
            let bytes = Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            let encoded = bytes.base64EncodedString()
            for (lineLength, indentation) in [(76, 0), (68, 1), (12, 3), (4, 0)] {
                let text = written { buffer in
                    bytes.withUnsafeBytes { Base64.encode($0, lineLength: lineLength, indentation: indentation, into: &buffer) }
                }
                var expected = ""
                var rest = Substring(encoded)
                while !rest.isEmpty {
                    expected += String(repeating: "\t", count: indentation) + rest.prefix(lineLength) + "\n"
                    rest = rest.dropFirst(lineLength)
                }
                #expect(text == expected, "\(count) bytes, lines of \(lineLength)")
            }
            #expect(bytes.withUnsafeBytes { Base64.encode($0) } == encoded)
            let decoded = Array(encoded.utf8).withUnsafeBytes { try? Base64.decode($0) }
            #expect(decoded == bytes)
        }
    }
}
