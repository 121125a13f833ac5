import Foundation
import PropertyList
import Testing

@Suite struct XMLPropertyListWriterTests {
    func write(_ value: PropertyListValue) throws -> String {
        String(decoding: try XMLPropertyListWriter().write(value), as: UTF8.self)
    }

    func roundTrip(_ value: PropertyListValue) throws -> PropertyListValue {
        try XMLPropertyListReader().read(XMLPropertyListWriter().write(value))
    }

    /// The body between `<plist version="1.0">\n` and `</plist>\n`.
    func body(_ value: PropertyListValue) throws -> String {
        let text = try write(value)
        let start = try #require(text.range(of: "<plist version=\"1.0\">\n"))
        let end = try #require(text.range(of: "</plist>\n", options: .backwards))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func matchesFoundationLayoutByteForByte() throws {
        // Keys in sorted order (Foundation sorts them) and values both writers spell alike.
        let data = Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        var nested: PropertyListValue = .data(data)
        for _ in 0..<10 { nested = [nested] }
        let value: PropertyListValue = [
            "a string": "x&<>\"' é 😀\n\tend", "b integer": -42, "c big": .integer(PropertyListInteger(UInt64.max)),
            "d real": 2.5, "e small": -0.125, "f yes": true, "g no": false,
            "h date": .date(Date(timeIntervalSinceReferenceDate: -1_000_000_000)), "i data": .data(data),
            "j empty data": .data(Data()), "k empty array": [], "l empty dict": .dictionary([:]),
            "m nested": nested, "n array": [1, "s", ["x": [true]]], "o empty string": "", "p top data": .data(Data([1])),
        ]
        let ours = try XMLPropertyListWriter().write(value)
        let theirs = try PropertyListSerialization.data(fromPropertyList: value.foundationObject, format: .xml, options: 0)
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
        let topLevel = try PropertyListSerialization.data(fromPropertyList: Data(0..<100), format: .xml, options: 0)
        #expect(try XMLPropertyListWriter().write(.data(Data(0..<100))) == topLevel)
    }

    @Test func writesTheAppleHeaderAndEmptyForms() throws {
        #expect(try write(.dictionary([:])) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict/>
            </plist>

            """)
        #expect(try body([[], true, false, ""]) == "<array>\n\t<array/>\n\t<true/>\n\t<false/>\n\t<string></string>\n</array>\n")
        #expect(try body(.data(Data())) == "<data>\n</data>\n")
    }

    @Test func keepsDictionaryInsertionOrder() throws {
        #expect(try body(["b": 1, "a": 2]) == "<dict>\n\t<key>b</key>\n\t<integer>1</integer>\n\t<key>a</key>\n\t<integer>2</integer>\n</dict>\n")
    }

    @Test func escapesMarkupAndCarriageReturns() throws {
        #expect(try body("a<b>&c\rd\"'\t\n") == "<string>a&lt;b&gt;&amp;c&#13;d\"'\t\n</string>\n")
        #expect(try body(["<&>": 1]).contains("<key>&lt;&amp;&gt;</key>"))
        #expect(try roundTrip("\r\n\r") == "\r\n\r")
    }

    @Test func spellsRealsAsShortestRoundTripWithAppleSpecialValues() throws {
        let cases: [(Double, String)] = [
            (.nan, "nan"), (.infinity, "+infinity"), (-.infinity, "-infinity"), (-0.0, "-0.0"), (0, "0.0"), (0.1, "0.1"),
            (1, "1.0"), (1e100, "1e+100"), (.leastNonzeroMagnitude, "5e-324"), (-1.5e-7, "-1.5e-07"),
        ]
        for (number, text) in cases {
            #expect(try body(.real(number)) == "<real>\(text)</real>\n")
        }
        #expect(try body(.real32(0.1)) == "<real>0.10000000149011612</real>\n")
        #expect(try roundTrip(.real32(0.1)) == .real(Double(Float(0.1))))
    }

    @Test func writesIntegersAndUIDsInDecimal() throws {
        #expect(try body(.integer(PropertyListInteger(Int64.min))) == "<integer>-9223372036854775808</integer>\n")
        #expect(try body(.integer(PropertyListInteger(UInt64.max))) == "<integer>18446744073709551615</integer>\n")
        #expect(try body([.uid(42)]) == "<array>\n\t<dict>\n\t\t<key>CF$UID</key>\n\t\t<integer>42</integer>\n\t</dict>\n</array>\n")
    }

    @Test func writesDatesAsTheWholeSecondBelowAndTheExactFractionInAnAttribute() throws {
        #expect(try body(.date(Date(timeIntervalSinceReferenceDate: 12.9)))
                == "<date fraction=\"0.9\">2001-01-01T00:00:12Z</date>\n")
        #expect(try body(.date(Date(timeIntervalSinceReferenceDate: -0.5)))
                == "<date fraction=\"0.5\">2000-12-31T23:59:59Z</date>\n")
        #expect(try body(.date(Date(timeIntervalSinceReferenceDate: -63_113_904_000))) == "<date>0001-01-01T00:00:00Z</date>\n")
        #expect(try body(.date(Date(timeIntervalSinceReferenceDate: 252_423_993_599.9)))
                == "<date fraction=\"0.9\">9999-12-31T23:59:59Z</date>\n")
        #expect(try body(["at": .date(Date(timeIntervalSinceReferenceDate: -0.25))])
                == "<dict>\n\t<key>at</key>\n\t<date fraction=\"0.75\">2000-12-31T23:59:59Z</date>\n</dict>\n")
    }

    @Test func datesAgreeWithISO8601DateFormatter() throws {
        let formatter = ISO8601DateFormatter()
        var generator = XMLTestValues.Generator(state: 99)
        for _ in 0..<2_000 {
            // Foundation's formatter is reliable for the Gregorian era since 1583.
            let seconds = Double.random(in: -13_000_000_000...252_423_993_599, using: &generator).rounded(.down)
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            #expect(try body(.date(date)) == "<date>\(formatter.string(from: date))</date>\n")
        }
    }

    @Test func datesAgreeWithFoundationsPlistWriterBackToYearOne() throws {
        var generator = XMLTestValues.Generator(state: 98)
        for _ in 0..<300 {
            let seconds = Double(Int64.random(in: -63_113_904_000...252_423_993_599, using: &generator))
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            let theirs = try PropertyListSerialization.data(fromPropertyList: date, format: .xml, options: 0)
            #expect(try XMLPropertyListWriter().write(.date(date)) == theirs)
        }
    }

    @Test func rejectsCharactersXMLCannotCarryWithTheirPath() throws {
        let people: PropertyListValue = ["people": [["name": "a"], ["name": "b"], ["name": "c"], ["name": "bad\u{0}name"]]]
        try expectUnrepresentable(people, path: "root[\"people\"][3][\"name\"]")
        try expectUnrepresentable("\u{1B}[0m", path: "root")
        try expectUnrepresentable(["x": ["esc\u{1B}": 1]], path: "root[\"x\"][\"esc\\u{1B}\"]")
        try expectUnrepresentable(["\u{FFFE}"], path: "root[0]")
        try expectUnrepresentable(["ok", "\u{FFFF}"], path: "root[1]")
        for control: UInt8 in [0x00, 0x08, 0x0B, 0x0C, 0x0E, 0x1F] {
            try expectUnrepresentable(.string("a" + String(Character(Unicode.Scalar(control)))), path: "root")
        }
        #expect(try roundTrip("\t\n\u{7F}\u{85}\u{FFFD}\u{EFFFF}") == "\t\n\u{7F}\u{85}\u{FFFD}\u{EFFFF}")
    }

    func expectUnrepresentable(_ value: PropertyListValue, path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let error = try #require(throws: PropertyListError.self, sourceLocation: sourceLocation) {
            try XMLPropertyListWriter().write(value)
        }
        #expect(error.kind == .unrepresentable, sourceLocation: sourceLocation)
        #expect(error.location.path == path, "\(error)", sourceLocation: sourceLocation)
    }
}
