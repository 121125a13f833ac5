import Foundation
import PropertyList
import Testing
import TestSupport

@Suite struct PropertyListTreeFormatterTests {
    @Test func rendersNestedContainersOneNodePerLineInInsertionOrder() {
        let value: PropertyListValue = ["name": "Ada", "tags": ["x", "y"], "empty": [:]]
        #expect(value.treeDescription() == """
            dict (3)
              "name": string "Ada"
              "tags": array (2)
                [0] string "x"
                [1] string "y"
              "empty": dict (0)

            """)
    }

    @Test func tagsEveryScalarType() {
        let value: PropertyListValue = [
            .integer(PropertyListInteger(UInt64.max)), -7, 0.1, .real(1e16), .real32(0.1), true, false,
            .uid(12), .real(.nan), .real(-.infinity),
        ]
        #expect(value.treeDescription() == """
            array (10)
              [0] int 18446744073709551615
              [1] int -7
              [2] real 0.1
              [3] real 1e+16
              [4] real32 0.1
              [5] bool true
              [6] bool false
              [7] uid 12
              [8] real nan
              [9] real -inf

            """)
    }

    @Test func showsDataSizeAndLeadingBytes() {
        #expect(PropertyListValue.data(Data()).treeDescription() == "data (0 bytes)\n")
        #expect(PropertyListValue.data(Data([0xAB])).treeDescription() == "data (1 byte) ab\n")
        #expect(PropertyListValue.data(Data(0..<40)).treeDescription()
                == "data (40 bytes) 000102030405060708090a0b0c0d0e0f…\n")
        let short = PropertyListTreeFormatter(dataPreviewLength: 2)
        #expect(short.string(for: .data(Data([1, 2, 3]))) == "data (3 bytes) 0102…\n")
        #expect(PropertyListTreeFormatter(dataPreviewLength: 0).string(for: .data(Data([1]))) == "data (1 byte)\n")
    }

    @Test(arguments: [
        (0.0, "2001-01-01T00:00:00Z"), (0.5, "2001-01-01T00:00:00.5Z"), (-978_307_200.0, "1970-01-01T00:00:00Z"),
        (730_902_605.25, "2024-02-29T12:30:05.25Z"), (-0.000001, "2000-12-31T23:59:59.999999Z"),
        (59.9999999, "2001-01-01T00:01:00Z"), (-63_113_904_000.0, "0001-01-01T00:00:00Z"),
        (252_423_993_599.0, "9999-12-31T23:59:59Z"),
        (252_423_993_600.0, "252423993600.0 s since 2001-01-01T00:00:00Z"),
        (Double.nan, "nan s since 2001-01-01T00:00:00Z"),
    ] as [(Double, String)])
    func spellsDatesInISO8601UTC(seconds: Double, expected: String) {
        #expect(PropertyListValue.date(Date(timeIntervalSinceReferenceDate: seconds)).treeDescription() == "date \(expected)\n")
    }

    @Test func wholeSecondGregorianDatesAgreeWithFoundationISO8601Formatter() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Double(Int64.random(in: -13_000_000_000...200_000_000_000, using: &generator))
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            #expect(PropertyListValue.date(date).treeDescription() == "date \(formatter.string(from: date))\n")
        }
    }

    @Test(.enabled(if: CanonicalJSONPythonOracle.isAvailable, "python3 not found on PATH: proleptic Gregorian check skipped"))
    func datesInYearsOneThroughNineThousandAgreeWithPythonDatetime() throws {
        var generator = SeededGenerator(seed: 1582)
        let seconds = (0..<3_000).map { _ in
            Double(Int64.random(in: -63_113_904_000...252_423_993_599, using: &generator))
                + Double(Int.random(in: 0..<4, using: &generator)) / 4
        }
        let script = """
            import sys, datetime
            epoch = datetime.datetime(2001, 1, 1)
            out = []
            for line in sys.stdin.read().split():
                d = epoch + datetime.timedelta(seconds=float(line))
                text = d.strftime('%Y-%m-%dT%H:%M:%S').rjust(19, '0')
                if d.microsecond:
                    text += ('.%06d' % d.microsecond).rstrip('0')
                out.append(text + 'Z')
            sys.stdout.write('\\n'.join(out))
            """
        let output = try CanonicalJSONPythonOracle.run(script, input: Data(seconds.map { "\($0)" }.joined(separator: "\n").utf8))
        let expected = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        try #require(expected.count == seconds.count)
        for (value, python) in zip(seconds, expected) {
            #expect(PropertyListValue.date(Date(timeIntervalSinceReferenceDate: value)).treeDescription() == "date \(python)\n")
        }
    }

    @Test func escapesControlsAndKeepsLongStringsWhole() {
        let value = PropertyListValue.string("a\"b\\c\nd\r\te\0\u{7}\u{7F}\u{85}\u{2028}\u{202E}é😀")
        #expect(value.treeDescription()
                == #"string "a\"b\\c\nd\r\te\0\u{7}\u{7f}\u{85}\u{2028}\u{202e}é😀""# + "\n")
        let long = String(repeating: "long text ", count: 2_000)
        #expect(PropertyListValue.string(long).treeDescription() == "string \"\(long)\"\n")
        let keyed: PropertyListValue = ["line\nbreak": 1]
        #expect(keyed.treeDescription() == "dict (1)\n  \"line\\nbreak\": int 1\n")
    }

    @Test func honoursIndentWidth() {
        let value: PropertyListValue = [["a": 1]]
        #expect(PropertyListTreeFormatter(indentWidth: 4).string(for: value) == """
            array (1)
                [0] dict (1)
                    "a": int 1

            """)
        #expect(PropertyListTreeFormatter(indentWidth: 0).string(for: value) == "array (1)\n[0] dict (1)\n\"a\": int 1\n")
    }

    @Test func isDeterministicAndStringMatchesData() {
        let value: PropertyListValue = ["b": [1, 2], "a": .date(Date(timeIntervalSinceReferenceDate: 1.25))]
        let formatter = PropertyListTreeFormatter()
        #expect(formatter.string(for: value) == formatter.string(for: value))
        #expect(Data(formatter.string(for: value).utf8) == formatter.data(for: value))
        #expect(value.treeDescription().hasPrefix("dict (2)\n  \"b\": array (2)\n"))
    }

    @Test func rendersDeeplyNestedValuesWithIndentationCappedAndTheLevelSpelled() {
        var value: PropertyListValue = 1
        for _ in 0..<5_000 { value = [value] }
        let text = value.treeDescription(PropertyListTreeFormatter(indentWidth: 1))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 5_001)
        let last = lines.last.map(String.init) ?? ""
        #expect(last.hasSuffix("(level 5000) [0] int 1"))
        #expect(last.prefix { $0 == " " }.count == PropertyListTreeFormatter.maximumIndentedLevels)
        #expect(String(lines[PropertyListTreeFormatter.maximumIndentedLevels]).hasPrefix(String(repeating: " ", count: 32) + "[0]"))
        // Linear in the depth, not quadratic.
        #expect(text.utf8.count < 5_001 * 64)
    }

    @Test func valuesNestedAsDeepAsTheReadersAllowRenderOnASmallStack() throws {
        let result = try SmallStackThread.run { () -> (Int, Int) in
            var value: PropertyListValue = 1
            for _ in 0..<100_000 { value = [value] }
            let sizes = (value.treeDescription().utf8.count, value.canonicalJSONData().count)
            // Freed without recursion: a tree this deep freed normally would overflow this stack.
            PropertyListValue.release(consume value)
            return sizes
        }
        #expect(result.0 > 100_000)
        #expect(result.1 > 100_000 * 20)
    }

    @Test func theLimitedFormsRefuseOutputPastTheirLimitWithATypedError() throws {
        let big: PropertyListValue = .array(Array(repeating: .string(String(repeating: "x", count: 1000)), count: 100))
        let error = try #require(throws: PropertyListError.self) {
            try PropertyListTreeFormatter().data(for: big, maximumLength: 10_000)
        }
        #expect(error.kind == .outputLimitExceeded)
        #expect(try #require(throws: PropertyListError.self) { try big.canonicalJSONData(maximumLength: 10_000) }.kind
            == .outputLimitExceeded)
        #expect(try PropertyListTreeFormatter().data(for: big, maximumLength: 1 << 20) == PropertyListTreeFormatter().data(for: big))
        #expect(try big.canonicalJSONData(maximumLength: 1 << 20) == big.canonicalJSONData())
    }
}
