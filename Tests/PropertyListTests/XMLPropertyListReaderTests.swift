import Foundation
import PropertyList
import Testing

@Suite struct XMLPropertyListReaderTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    func read(_ xml: String, options: PropertyListReadingOptions = .default) throws -> PropertyListValue {
        try XMLPropertyListReader(options: options).read(Data(xml.utf8))
    }

    /// Reads the body wrapped in `<plist>` (no header, so positions are easy to count).
    func readPlist(_ body: String) throws -> PropertyListValue {
        try read("<plist version=\"1.0\">" + body + "</plist>")
    }

    @Test func readsEveryTypeFromAnAppleFormattedDocument() throws {
        let value = try read(Self.header + """
            <plist version="1.0">
            <dict>
            \t<key>string</key>
            \t<string>x&amp;&lt;&gt;"'</string>
            \t<key>integer</key>
            \t<integer>-42</integer>
            \t<key>real</key>
            \t<real>2.5</real>
            \t<key>yes</key>
            \t<true/>
            \t<key>no</key>
            \t<false/>
            \t<key>date</key>
            \t<date>2001-01-01T00:00:12Z</date>
            \t<key>data</key>
            \t<data>
            \tAAECAwQF
            \tBgc=
            \t</data>
            \t<key>empty array</key>
            \t<array/>
            \t<key>empty dict</key>
            \t<dict/>
            \t<key>array</key>
            \t<array>
            \t\t<integer>1</integer>
            \t\t<string>s</string>
            \t</array>
            </dict>
            </plist>

            """)
        let expected: PropertyListValue = [
            "string": "x&<>\"'", "integer": -42, "real": 2.5, "yes": true, "no": false,
            "date": .date(Date(timeIntervalSinceReferenceDate: 12)), "data": .data(Data(0..<8)),
            "empty array": [], "empty dict": .dictionary([:]), "array": [1, "s"],
        ]
        #expect(value == expected)
        #expect(value.dictionaryValue?.keys.first == "string")
        #expect(value.dictionaryValue?.keys.last == "array")
    }

    @Test func acceptsABareValueAsTheRoot() throws {
        #expect(try read("<string>bare</string>") == "bare")
        #expect(try read(Self.header + "<array><true/></array>\n") == [true])
    }

    @Test func keepsStringAndKeyWhiteSpaceExactly() throws {
        let value = try readPlist("<dict><key> k\t</key><string>  a\r\n\tb \r</string></dict>")
        #expect(value == [" k\t": "  a\r\n\tb \r"])
    }

    @Test func acceptsRawControlCharactersAsFoundationWritesThem() throws {
        let text = "\u{0}\u{1}bell\u{7}\u{1F}"
        let xml = try PropertyListSerialization.data(fromPropertyList: ["k\u{2}": text], format: .xml, options: 0)
        #expect(try XMLPropertyListReader().read(xml) == ["k\u{2}": .string(text)])
    }

    @Test func decodesPredefinedEntitiesAndCharacterReferences() throws {
        let value = try readPlist("<string>&lt;&gt;&amp;&quot;&apos;|&#65;&#x42;&#x1F600;&#13;|&#xe9;</string>")
        #expect(value == "<>&\"'|AB😀\r|é")
    }

    @Test func readsCDATASectionsCommentsAndProcessingInstructionsInText() throws {
        #expect(try readPlist("<string>a<![CDATA[<b>&amp;]]>c<!-- note -->d<?pi x?>e</string>") == "a<b>&amp;cde")
        #expect(try readPlist("<dict><key><![CDATA[k]]></key><string/></dict>") == ["k": ""])
    }

    @Test func readsEmptyElementForms() throws {
        let value = try readPlist("<array><dict/><array/><string/><data/><true/><false/><dict><key/><string></string></dict></array>")
        #expect(value == [.dictionary([:]), [], "", .data(Data()), true, false, ["": ""]])
        #expect(try readPlist("<true></true>") == true)
        #expect(try readPlist("<false> </false>") == false)
    }

    @Test func toleratesAttributesCommentsAndWhiteSpaceInTags() throws {
        let xml = """
            \u{FEFF}<?xml version='1.0' encoding='utf-8' standalone="yes"?>
            <!-- leading comment -->
            <?app-specific instruction?>
            <!DOCTYPE plist SYSTEM "file:///nonexistent.dtd">
            <plist version="1.0" xmlns:x='a>b'>
              <!-- inside -->
              <array   kind="list" >
                <string id="1">x</string >
                <integer
                  base="10">7</integer>
              </array >
            </plist>
            <!-- trailing comment -->

            """
        #expect(try read(xml) == ["x", 7])
    }

    @Test func readsIntegersInDecimalAndHexadecimalWithWhiteSpace() throws {
        let cases: [(String, PropertyListValue)] = [
            ("0", 0), ("-0", 0), ("+17", 17), (" \n 42\t", 42), ("0x1F", 31), ("0XfF", 255), ("-0x10", -16),
            ("9223372036854775807", .integer(PropertyListInteger(Int64.max))),
            ("-9223372036854775808", .integer(PropertyListInteger(Int64.min))),
            ("18446744073709551615", .integer(PropertyListInteger(UInt64.max))),
            ("0xFFFFFFFFFFFFFFFF", .integer(PropertyListInteger(UInt64.max))),
            ("-0x8000000000000000", .integer(PropertyListInteger(Int64.min))),
            ("000123", 123),
        ]
        for (text, expected) in cases {
            #expect(try readPlist("<integer>\(text)</integer>") == expected, "\(text)")
        }
    }

    @Test func readsRealsIncludingSpecialSpellings() throws {
        let cases: [(String, Double)] = [
            ("2.5", 2.5), ("-0.0", -0.0), ("0", 0), (" 1e3 ", 1000), (".5", 0.5), ("1.", 1), ("-1.5E-3", -0.0015),
            ("0.10000000000000001", 0.1), ("4.9406564584124654e-324", .leastNonzeroMagnitude), ("1e500", .infinity),
            ("1e-500", 0), ("+infinity", .infinity), ("-infinity", -.infinity), ("INF", .infinity), ("-Inf", -.infinity),
            ("Infinity", .infinity), (String(format: "%.0f", Double.greatestFiniteMagnitude), .greatestFiniteMagnitude),
            ("12345678901234567890123", 12345678901234567741440), ("1.7976931348623157e308", .greatestFiniteMagnitude),
        ]
        for (text, expected) in cases {
            #expect(try readPlist("<real>\(text)</real>") == .real(expected), "\(text)")
        }
        #expect(try readPlist("<real>nan</real>").doubleValue?.isNaN == true)
        #expect(try readPlist("<real>NaN</real>").doubleValue?.isNaN == true)
    }

    @Test func realsAgreeWithTheStandardLibraryOnRandomSpellings() throws {
        var generator = XMLTestValues.Generator(state: 7)
        for _ in 0..<3_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let spellings = [value.description, String(format: "%.17g", value), String(format: "%.6e", value),
                             String(format: "%.3f", value / 1e300)]
            for spelling in spellings {
                #expect(try readPlist("<real>\(spelling)</real>") == .real(Double(spelling) ?? .nan), "\(spelling)")
            }
        }
    }

    @Test func readsDatesAcrossTheFourDigitYears() throws {
        let cases: [(String, Double)] = [
            ("2001-01-01T00:00:00Z", 0), (" 2001-01-01T00:00:01Z\n", 1), ("1970-01-01T00:00:00Z", -978_307_200),
            ("0001-01-01T00:00:00Z", -63_113_904_000), ("9999-12-31T23:59:59Z", 252_423_993_599),
            ("2000-02-29T12:34:56Z", -26_479_504), ("1600-03-01T00:00:00Z", -12_649_219_200),
        ]
        for (text, seconds) in cases {
            #expect(try readPlist("<date>\(text)</date>") == .date(Date(timeIntervalSinceReferenceDate: seconds)), "\(text)")
        }
    }

    @Test func readsKeyedArchiveReferencesAsUIDs() throws {
        #expect(try readPlist("<dict><key>CF$UID</key><integer>7</integer></dict>") == .uid(7))
        #expect(try readPlist("<dict>\n\t<key>CF$UID</key>\n\t<integer>0x10</integer>\n</dict>") == .uid(16))
        // Anything else stays a dictionary.
        #expect(try readPlist("<dict><key>CF$UID</key><integer>-1</integer></dict>") == ["CF$UID": -1])
        #expect(try readPlist("<dict><key>CF$UID</key><string>7</string></dict>") == ["CF$UID": "7"])
        #expect(try readPlist("<dict><key>CF$UID</key><integer>1</integer><key>x</key><true/></dict>")
            == ["CF$UID": 1, "x": true])
    }

    @Test func repeatedKeysKeepTheFirstPositionAndTheLastValue() throws {
        let value = try readPlist("<dict><key>a</key><integer>1</integer><key>b</key><integer>2</integer>"
                                  + "<key>a</key><integer>3</integer></dict>")
        #expect(value == ["a": 3, "b": 2])
        #expect(value.dictionaryValue?.keys == ["a", "b"])
    }

    @Test func readsDeepNestingUpToTheLimit() throws {
        let deep = String(repeating: "<array>", count: 500) + "<true/>" + String(repeating: "</array>", count: 500)
        var value = try readPlist(deep)
        for _ in 0..<500 { value = try #require(value[0]) }
        #expect(value == true)
        let limited = PropertyListReadingOptions(maximumDepth: 3)
        #expect(try read("<array><dict><key>k</key><array/></dict></array>", options: limited)
            == [["k": []]])
    }

    @Test func readsTheDefaultMaximumDepthOnASmallThreadStack() throws {
        // 512 KB is the default stack of secondary threads on Apple platforms.
        let dictionaries = String(repeating: "<dict><key>k</key>", count: 512) + "<true/>" + String(repeating: "</dict>", count: 512)
        let arrays = String(repeating: "<array>", count: 512) + "<string>&amp;</string>" + String(repeating: "</array>", count: 512)
        final class Outcome: @unchecked Sendable { var depths: [Int] = [] }
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            for document in [dictionaries, arrays] {
                var depth = 0
                var value = try? XMLPropertyListReader().read(Data(("<plist>" + document + "</plist>").utf8))
                while let inner = value?["k"] ?? value?[0] {
                    depth += 1
                    value = inner
                }
                outcome.depths.append(depth)
            }
            finished.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        finished.wait()
        #expect(outcome.depths == [512, 512])
    }

    @Test func readsLargeContainers() throws {
        let keys = (0..<10_000).map { "<key>key \($0)</key><integer>\($0)</integer>" }.joined()
        let dictionary = try #require(try readPlist("<dict>\(keys)</dict>").dictionaryValue)
        #expect(dictionary.count == 10_000)
        #expect(dictionary["key 9876"] == 9_876)
        #expect(dictionary.keys[1_234] == "key 1234")
        let elements = String(repeating: "<string>e</string>\n", count: 100_000)
        #expect(try readPlist("<array>\(elements)</array>").arrayValue?.count == 100_000)
    }

    @Test func readsFoundationOutputAsFoundationDoes() throws {
        var values = XMLTestValues(seed: 42, includesUIDs: false)
        for _ in 0..<60 {
            let original = values.value(depth: 4)
            let xml = try PropertyListSerialization.data(fromPropertyList: original.foundationObject, format: .xml, options: 0)
            let foundationRead = try PropertyListSerialization.propertyList(from: xml, format: nil)
            let expected = try #require(PropertyListValue(foundationObject: foundationRead))
            #expect(try XMLPropertyListReader().read(xml) == expected)
        }
    }

    @Test func readsFromRawMemory() throws {
        let bytes = Array("<plist><integer>5</integer></plist>".utf8)
        #expect(try bytes.withUnsafeBytes { try XMLPropertyListReader().read($0) } == 5)
    }
}
