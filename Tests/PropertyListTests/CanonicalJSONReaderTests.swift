import Foundation
import PropertyList
import Testing

@Suite struct CanonicalJSONReaderTests {
    private func read(_ text: String, options: PropertyListReadingOptions = .default) throws -> PropertyListValue {
        try PropertyListValue(canonicalJSON: Data(text.utf8), options: options)
    }

    /// The error reading `text` throws, or `nil` (recorded as a failure) when it reads.
    private func failure(_ text: String, options: PropertyListReadingOptions = .default,
                         sourceLocation: SourceLocation = #_sourceLocation) -> PropertyListError? {
        do {
            let value = try read(text, options: options)
            Issue.record("expected an error, read \(value)", sourceLocation: sourceLocation)
            return nil
        } catch let error as PropertyListError {
            return error
        } catch {
            Issue.record("unexpected error type \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    @Test func readsBackEveryTypeExactly() throws {
        let value: PropertyListValue = [
            "s": "x\0\n😀", "i": .integer(PropertyListInteger(Int64.min)), "u": .integer(PropertyListInteger(UInt64.max)),
            "r": .real(-0.0), "tiny": .real(.leastNonzeroMagnitude), "inf": .real(-.infinity), "b": false,
            "d": .date(Date(timeIntervalSinceReferenceDate: 0.1)), "data": .data(Data([0, 255])), "uid": .uid(UInt64.max),
            "a": [[], [:], 1], "e": "",
        ]
        #expect(try PropertyListValue(canonicalJSON: value.canonicalJSONData()) == value)
    }

    @Test func readsRandomDocumentsBackEqualExceptReal32Width() throws {
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<300 {
            let value = CanonicalJSONTestValues.randomValue(depth: 4, using: &generator)
            let back = try PropertyListValue(canonicalJSON: value.canonicalJSONData())
            // JSON keeps no width: a real32 comes back as the real it widens to, with identical JSON.
            #expect(back.canonicalJSON() == value.canonicalJSON())
        }
    }

    @Test func realsAndDatesRoundTripBitExactly() throws {
        for double in CanonicalJSONTestValues.interestingDoubles(randomCount: 20_000, seed: 5) {
            let real = try PropertyListValue(canonicalJSON: PropertyListValue.real(double).canonicalJSONData())
            #expect(real.doubleValue?.bitPattern == double.bitPattern, "\(double)")
            let date = try PropertyListValue(canonicalJSON: PropertyListValue.date(Date(timeIntervalSinceReferenceDate: double)).canonicalJSONData())
            #expect(date.dateValue?.timeIntervalSinceReferenceDate.bitPattern == double.bitPattern)
        }
        #expect(try read(#"{"type":"real","value":"nan"}"#).doubleValue?.isNaN == true)
    }

    @Test func acceptsWhitespaceAndKeepsDocumentKeyOrder() throws {
        let value = try read("""
             { "type" : "dict" ,\t"value" : {
               "z" : {"type":"int","value":"1"},
               "a" : {"type":"array","value":[ {"type":"bool","value":true} , {"type":"real","value":"1e5"} ]}
             } }\r\n
            """)
        #expect(value.dictionaryValue?.keys == ["z", "a"])
        #expect(value["a"] == [true, .real(100_000)])
    }

    @Test func acceptsEscapedSpellingsOfMemberAndTypeNames() throws {
        #expect(try read(#"{"\u0074ype":"\u0069nt","valu\u0065":"7"}"#) == 7)
        #expect(failure(#"{"typ\u0065":"nope","value":1}"#)?.kind == .unsupportedObject)
    }

    @Test func decodesJSONEscapesInStringsAndKeys() throws {
        let value = try read(#"{"type":"dict","value":{"\u00e9\/":{"type":"string","value":"\ud83d\ude00\"\\\b\f\n\r\t\u0000"}}}"#)
        #expect(value["é/"] == "😀\"\\\u{8}\u{C}\n\r\t\0")
    }

    @Test func readsTheWholeIntegerRangeAndNoMore() throws {
        #expect(try read(#"{"type":"int","value":"-9223372036854775808"}"#) == .integer(PropertyListInteger(Int64.min)))
        #expect(try read(#"{"type":"int","value":"18446744073709551615"}"#) == .integer(PropertyListInteger(UInt64.max)))
        #expect(failure(#"{"type":"int","value":"18446744073709551616"}"#)?.kind == .integerOutOfRange)
        #expect(failure(#"{"type":"int","value":"-9223372036854775809"}"#)?.kind == .integerOutOfRange)
        #expect(failure(#"{"type":"uid","value":"18446744073709551616"}"#)?.kind == .integerOutOfRange)
        #expect(failure(#"{"type":"uid","value":"-1"}"#)?.kind == .invalidObject)
    }

    @Test(arguments: [
        #"{"type":"int","value":"01"}"#, #"{"type":"int","value":"-0"}"#, #"{"type":"int","value":"+1"}"#,
        #"{"type":"int","value":" 1"}"#, #"{"type":"int","value":""}"#, #"{"type":"int","value":1}"#,
        #"{"type":"int","value":"1.0"}"#, #"{"type":"real","value":"0x1p3"}"#, #"{"type":"real","value":"1."}"#,
        #"{"type":"real","value":".5"}"#, #"{"type":"real","value":"infinity"}"#, #"{"type":"real","value":"-nan"}"#,
        #"{"type":"real","value":"1e999"}"#, #"{"type":"real","value":1.5}"#, #"{"type":"date","value":"1e"}"#,
        #"{"type":"data","value":"ABCD"}"#, #"{"type":"data","value":"abc"}"#, #"{"type":"data","value":"zz"}"#,
        #"{"type":"bool","value":"true"}"#, #"{"type":"bool","value":1}"#, #"{"type":"string","value":1}"#,
        #"{"type":"array","value":{}}"#, #"{"type":"dict","value":[]}"#, #"{"type":"string"}"#,
        #"{"value":"x","type":"string"}"#, #"{"type":"string","value":"x","extra":1}"#, #"["x"]"#,
        #"{"type":"string","value":"x"} trailing"#, #"{"type":"string","value":"x"}{}"#, "",
        #"{"type":"dict","value":{"a":{"type":"int","value":"1"},}}"#, #"{"type":"array","value":[,]}"#,
        #"{"type":"string","value":"\x"}"#, #"{"type":"string","value":"\u12"}"#, "{\"type\":\"string\",\"value\":\"a\nb\"}",
        #"{'type':'string','value':'x'}"#, #"{"type":"dict","value":{1:{"type":"int","value":"1"}}}"#,
    ])
    func rejectsMalformedNodes(text: String) {
        let error = failure(text)
        #expect(error?.location.byteOffset != nil)
        #expect(error?.kind == .invalidObject || error?.kind == .truncated || error?.kind == .unsupportedObject)
    }

    @Test func rejectsUnknownTypesAsUnsupported() {
        let error = failure(#"{"type":"null","value":null}"#)
        #expect(error?.kind == .unsupportedObject)
        #expect(error?.reason.contains("null") == true)
    }

    @Test func reportsByteOffsetAndPathOfTheBadNode() throws {
        let text = #"{"type":"dict","value":{"list":{"type":"array","value":[{"type":"int","value":"1"},{"type":"int","value":"x"}]}}}"#
        let error = try #require(failure(text))
        #expect(error.location.path == #"root["list"][1]"#)
        let offset = try #require(error.location.byteOffset)
        let expected = try #require(text.utf8.firstIndex(of: UInt8(ascii: "x")))
        #expect(offset == text.utf8.distance(from: text.utf8.startIndex, to: expected))
        #expect(error.description.contains(#"root["list"][1]"#))
    }

    @Test func rejectsBadUnicode() {
        #expect(failure(#"{"type":"string","value":"\ud83d"}"#)?.kind == .invalidString)
        #expect(failure(#"{"type":"string","value":"\ude00x"}"#)?.kind == .invalidString)
        #expect(failure(#"{"type":"string","value":"\ud83d\u0041"}"#)?.kind == .invalidString)
        for bytes: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            var data = Data(#"{"type":"string","value":""#.utf8)
            let offset = data.count
            data.append(contentsOf: bytes)
            data.append(contentsOf: #""}"#.utf8)
            do {
                _ = try PropertyListValue(canonicalJSON: data)
                Issue.record("accepted invalid UTF-8 \(bytes)")
            } catch let error as PropertyListError {
                #expect(error.kind == .invalidString)
                #expect(error.location.byteOffset == offset)
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test func rejectsDuplicateKeysButKeepsCanonicallyEquivalentOnes() throws {
        let duplicate = failure(#"{"type":"dict","value":{"a":{"type":"int","value":"1"},"a":{"type":"int","value":"2"}}}"#)
        #expect(duplicate?.reason.contains("duplicate") == true)
        // Distinct to Python and CoreFoundation, so distinct here too: both keys survive.
        let equivalent = try read("{\"type\":\"dict\",\"value\":{\"\u{E9}\":{\"type\":\"int\",\"value\":\"1\"},\"e\u{301}\":{\"type\":\"int\",\"value\":\"2\"}}}")
        #expect(equivalent["\u{E9}"] == 1)
        #expect(equivalent["e\u{301}"] == 2)
    }

    @Test func enforcesTheDepthLimit() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: #"{"type":"array","value":["#, count: depth) + String(repeating: "]}", count: depth)
        }
        #expect(failure(nested(513), options: .init(maximumDepth: 512))?.kind == .depthLimitExceeded)
        _ = try read(nested(512), options: .init(maximumDepth: 512))
        #expect(throws: PropertyListError.self) { try read(nested(5), options: .init(maximumDepth: 4)) }
        _ = try read(nested(1000), options: .init(maximumDepth: 1000))
    }

    @Test func everyTruncationIsAnErrorNotACrash() throws {
        let value: PropertyListValue = ["a": [1, 2.5, "x\u{1F600}"], "b": .data(Data([1, 2])), "c": .uid(3), "d": true]
        let data = value.canonicalJSONData()
        for length in 0..<data.count {
            #expect(throws: PropertyListError.self) { try PropertyListValue(canonicalJSON: data.prefix(length)) }
        }
        #expect(try PropertyListValue(canonicalJSON: data) == value)
    }

    @Test func randomByteCorruptionNeverCrashes() {
        var generator = SeededGenerator(seed: 1234)
        let base = CanonicalJSONTestValues.randomValue(depth: 4, using: &generator).canonicalJSONData()
        var failures = 0
        for _ in 0..<2_000 {
            var corrupted = base
            for _ in 0..<Int.random(in: 1...3, using: &generator) where !corrupted.isEmpty {
                let index = Int.random(in: 0..<corrupted.count, using: &generator)
                corrupted[index] = UInt8.random(in: 0...255, using: &generator)
            }
            do { _ = try PropertyListValue(canonicalJSON: corrupted) } catch { failures += 1 }
        }
        #expect(failures > 0)
    }
}
