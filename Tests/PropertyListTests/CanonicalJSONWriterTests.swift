import Foundation
import PropertyList
import Testing

@Suite struct CanonicalJSONWriterTests {
    @Test func spellsEveryNodeTypeAsTheSchemaSays() {
        #expect(PropertyListValue.string("x").canonicalJSON() == #"{"type":"string","value":"x"}"#)
        #expect(PropertyListValue.integer(42).canonicalJSON() == #"{"type":"int","value":"42"}"#)
        #expect(PropertyListValue.real(1.5).canonicalJSON() == #"{"type":"real","value":"1.5"}"#)
        #expect(PropertyListValue.bool(true).canonicalJSON() == #"{"type":"bool","value":true}"#)
        #expect(PropertyListValue.bool(false).canonicalJSON() == #"{"type":"bool","value":false}"#)
        #expect(PropertyListValue.date(Date(timeIntervalSinceReferenceDate: -1.5)).canonicalJSON()
                == #"{"type":"date","value":"-1.5"}"#)
        #expect(PropertyListValue.data(Data([0x00, 0x0F, 0xA0, 0xFF])).canonicalJSON()
                == #"{"type":"data","value":"000fa0ff"}"#)
        #expect(PropertyListValue.data(Data()).canonicalJSON() == #"{"type":"data","value":""}"#)
        #expect(PropertyListValue.uid(7).canonicalJSON() == #"{"type":"uid","value":"7"}"#)
        #expect(PropertyListValue.array([]).canonicalJSON() == #"{"type":"array","value":[]}"#)
        #expect(PropertyListValue.dictionary([:]).canonicalJSON() == #"{"type":"dict","value":{}}"#)
        #expect(PropertyListValue.array([1, "a"]).canonicalJSON()
                == #"{"type":"array","value":[{"type":"int","value":"1"},{"type":"string","value":"a"}]}"#)
    }

    @Test func writesTheWholeIntegerRange() {
        #expect(PropertyListValue.integer(PropertyListInteger(Int64.min)).canonicalJSON()
                == #"{"type":"int","value":"-9223372036854775808"}"#)
        #expect(PropertyListValue.integer(PropertyListInteger(UInt64.max)).canonicalJSON()
                == #"{"type":"int","value":"18446744073709551615"}"#)
        #expect(PropertyListValue.integer(0).canonicalJSON() == #"{"type":"int","value":"0"}"#)
        #expect(PropertyListValue.integer(-1).canonicalJSON() == #"{"type":"int","value":"-1"}"#)
        #expect(PropertyListValue.uid(UInt64.max).canonicalJSON() == #"{"type":"uid","value":"18446744073709551615"}"#)
    }

    @Test(arguments: [
        (0.1, "0.1"), (-0.0, "-0.0"), (0.0, "0.0"), (1.0, "1.0"), (100.0, "100.0"), (1e-05, "1e-05"),
        (0.0001, "0.0001"), (1e16, "1e+16"), (1e15, "1000000000000000.0"), (9_007_199_254_740_992.0, "9007199254740992.0"),
        (123_456_789_012_345_680.0, "1.2345678901234568e+17"), (.leastNonzeroMagnitude, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (1e22, "1e+22"), (1.5e-7, "1.5e-07"), (1e100, "1e+100"),
        (0.30000000000000004, "0.30000000000000004"), (-2.5, "-2.5"), (.infinity, "inf"), (-.infinity, "-inf"),
        (.nan, "nan"), (-Double.nan, "nan"),
    ] as [(Double, String)])
    func spellsRealsLikePythonRepr(value: Double, expected: String) {
        #expect(PropertyListValue.real(value).canonicalJSON() == #"{"type":"real","value":"\#(expected)"}"#)
    }

    @Test func widensReal32ToTheDoubleItEquals() {
        #expect(PropertyListValue.real32(0.1).canonicalJSON() == #"{"type":"real","value":"0.10000000149011612"}"#)
        #expect(PropertyListValue.real32(1.5).canonicalJSON() == #"{"type":"real","value":"1.5"}"#)
        #expect(PropertyListValue.real32(-.infinity).canonicalJSON() == #"{"type":"real","value":"-inf"}"#)
    }

    @Test func escapesOnlyWhatPythonJSONEscapes() {
        let value = PropertyListValue.string("\0\u{1}\u{1F}\"\\\n\r\t\u{8}\u{C}\u{7F}/é😀\u{2028}")
        #expect(value.canonicalJSON()
                == #"{"type":"string","value":"\u0000\u0001\u001f\"\\\n\r\t\b\f"# + "\u{7F}/é😀\u{2028}\"}")
    }

    @Test func sortsKeysByCodePointNotBySwiftStringOrder() {
        let keys = ["😀", "\u{FFFF}", "éa", "e\u{301}z", "a", "B", "", "é"]
        var dictionary = PropertyListDictionary()
        for key in keys { dictionary[key] = true }
        let json = PropertyListValue.dictionary(dictionary).canonicalJSON()
        let order = ["", "B", "a", "e\u{301}z", "é", "éa", "\u{FFFF}", "😀"]
        let expected = #"{"type":"dict","value":{"#
            + order.map { #""\#($0)":{"type":"bool","value":true}"# }.joined(separator: ",") + "}}"
        #expect(json == expected)
        // Swift's `<` puts "éa" before "e\u{301}z" (it compares canonical equivalents): the writer must not.
        #expect("éa" < "e\u{301}z")
    }

    @Test func escapesKeysLikeStrings() {
        let json = PropertyListValue.dictionary(["a\"b\n": 1]).canonicalJSON()
        #expect(json == #"{"type":"dict","value":{"a\"b\n":{"type":"int","value":"1"}}}"#)
    }

    @Test func canonicalJSONDataIsTheUTF8OfCanonicalJSON() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<50 {
            let value = CanonicalJSONTestValues.randomValue(depth: 3, using: &generator)
            #expect(value.canonicalJSONData() == Data(value.canonicalJSON().utf8))
        }
    }

    @Test func writesALargeDocumentInOneLine() {
        let record: PropertyListValue = ["name": "Ada", "scores": [1.5, 2.25, 3], "blob": .data(Data(repeating: 0xAB, count: 64))]
        let value = PropertyListValue.array(Array(repeating: record, count: 20_000))
        let data = value.canonicalJSONData()
        #expect(data.count > 5_000_000)
        #expect(!data.contains(UInt8(ascii: "\n")))
        #expect(data.last == UInt8(ascii: "}"))
    }

    @Test func writesAndReadsBackDocumentsNestedFarBeyondTheDefaultLimit() throws {
        var value: PropertyListValue = "leaf"
        for level in 0..<5_000 { value = level % 2 == 0 ? [value] : ["k": value] }
        let data = value.canonicalJSONData()
        var expected = #"{"type":"string","value":"leaf"}"#
        for level in 0..<5_000 {
            expected = level % 2 == 0 ? #"{"type":"array","value":["# + expected + "]}" : #"{"type":"dict","value":{"k":"# + expected + "}}"
        }
        #expect(data == Data(expected.utf8))
        #expect(try PropertyListValue(canonicalJSON: data) == value)
        #expect(throws: PropertyListError.self) { _ = try PropertyListValue(canonicalJSON: data, options: .init(maximumDepth: 4_999)) }
    }
}
