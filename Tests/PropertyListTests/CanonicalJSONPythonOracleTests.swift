import Foundation
import PropertyList
import Testing

/// Canonical JSON checked against Python, the reference the format is defined by.
@Suite(.enabled(if: CanonicalJSONPythonOracle.isAvailable, "python3 not found on PATH: Python oracle comparisons skipped"))
struct CanonicalJSONPythonOracleTests {
    @Test func realSpellingMatchesPythonReprForManyDoubles() throws {
        let values = CanonicalJSONTestValues.interestingDoubles(randomCount: 30_000, seed: 0xC0FFEE)
        let expected = try CanonicalJSONPythonOracle.reprs(ofDoubleBits: values.map(\.bitPattern))
        try #require(expected.count == values.count)
        var mismatches: [String] = []
        for (value, python) in zip(values, expected) {
            let ours = CanonicalRealFormatter.string(value)
            if ours != python { mismatches.append("\(value.bitPattern): ours \(ours) python \(python)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test func real32IsWidenedAndSpelledAsPythonReadsIt() throws {
        var generator = SeededGenerator(seed: 32)
        var bits: [UInt32] = [0, 0x8000_0000, 0x3DCC_CCCD, 0x7F7F_FFFF, 0x0000_0001, 0x7F80_0000, 0xFF80_0000]
        for _ in 0..<5_000 {
            let pattern = UInt32.random(in: 0...UInt32.max, using: &generator)
            if !Float(bitPattern: pattern).isNaN { bits.append(pattern) }
        }
        let expected = try CanonicalJSONPythonOracle.reprs(ofFloatBits: bits)
        try #require(expected.count == bits.count)
        for (pattern, python) in zip(bits, expected) {
            let json = PropertyListValue.real32(Float(bitPattern: pattern)).canonicalJSON()
            #expect(json == #"{"type":"real","value":"\#(python)"}"#)
        }
    }

    @Test func stringEscapingAndKeyOrderMatchJSONDumps() throws {
        // Keys chosen where code-point order differs from Swift's `<` and from UTF-16 order.
        var keys = ["a", "B", "é", "e\u{301}z", "éa", "\u{FFFF}", "😀", "", "\0", "Z\u{1F}", "\u{7F}"]
        keys += CanonicalJSONTestValues.trickyStrings
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 { keys.append(CanonicalJSONTestValues.randomString(using: &generator)) }
        var dictionary = PropertyListDictionary()
        for (position, key) in keys.enumerated() {
            // Canonically equivalent keys collide in a Swift dictionary; the first spelling stays.
            dictionary[key] = .string(CanonicalJSONTestValues.trickyStrings[position % CanonicalJSONTestValues.trickyStrings.count] + key)
        }
        // Python builds the same tree from code points, so it never sees our JSON.
        let lines = dictionary.map { entry in
            [entry.key, entry.value.stringValue ?? ""]
                .map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") }
                .joined(separator: ";")
        }
        let script = CanonicalJSONPythonOracle.dumpFunction + """

            import sys
            def text(field):
                return ''.join(chr(int(c, 16)) for c in field.split(',') if c)
            value = {}
            for line in sys.stdin.read().split('\\n'):
                key, string = line.split(';')
                value[text(key)] = {'type': 'string', 'value': text(string)}
            sys.stdout.write(canon({'type': 'dict', 'value': value}))
            """
        let python = try CanonicalJSONPythonOracle.run(script, input: Data(lines.joined(separator: "\n").utf8))
        let ours = PropertyListValue.dictionary(dictionary).canonicalJSONData()
        #expect(ours == python, "ours:   \(String(decoding: ours.prefix(300), as: UTF8.self))\npython: \(String(decoding: python.prefix(300), as: UTF8.self))")
    }

    @Test func randomDocumentsAreFixedPointsOfPythonLoadsAndDumps() throws {
        var generator = SeededGenerator(seed: 2024)
        let documents = (0..<300).map { _ in
            PropertyListValue.array([CanonicalJSONTestValues.randomValue(depth: 4, using: &generator)]).canonicalJSON()
        }
        let script = CanonicalJSONPythonOracle.dumpFunction + """

            import sys
            out = [canon(json.loads(line)) for line in sys.stdin.read().split('\\n')]
            sys.stdout.write('\\n'.join(out))
            """
        let python = try CanonicalJSONPythonOracle.run(script, input: Data(documents.joined(separator: "\n").utf8))
        let pythonDocuments = String(decoding: python, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        try #require(pythonDocuments.count == documents.count)
        for (ours, theirs) in zip(documents, pythonDocuments) {
            #expect(ours == String(theirs))
        }
    }

    @Test func matchesPlistlibReadingABinaryListWrittenByFoundation() throws {
        let value: PropertyListValue = [
            "name": "Ada \u{1F600}\n\"quoted\"",
            "count": .integer(PropertyListInteger(Int64.min)),
            "big": .integer(PropertyListInteger(Int64.max)),
            "ratio": 0.1,
            "tiny": .real(.leastNonzeroMagnitude),
            "flag": true,
            "when": .date(Date(timeIntervalSinceReferenceDate: -1_234_567.5)),
            "bytes": .data(Data([0, 1, 0xAB, 0xFF])),
            "list": [1, "two", ["nested": [:]], []],
            "B": "upper", "a": "lower", "é": "accent", "e\u{301}z": "combining",
        ]
        let binary = try PropertyListSerialization.data(fromPropertyList: value.foundationObject, format: .binary, options: 0)
        let script = CanonicalJSONPythonOracle.dumpFunction + """

            import sys, plistlib, datetime
            EPOCH = datetime.datetime(2001, 1, 1)
            def node(o):
                if isinstance(o, dict): return {'type': 'dict', 'value': {k: node(v) for k, v in o.items()}}
                if isinstance(o, list): return {'type': 'array', 'value': [node(v) for v in o]}
                if isinstance(o, bool): return {'type': 'bool', 'value': o}
                if isinstance(o, int): return {'type': 'int', 'value': str(o)}
                if isinstance(o, float): return {'type': 'real', 'value': repr(o)}
                if isinstance(o, datetime.datetime): return {'type': 'date', 'value': repr((o - EPOCH).total_seconds())}
                if isinstance(o, bytes): return {'type': 'data', 'value': o.hex()}
                if isinstance(o, plistlib.UID): return {'type': 'uid', 'value': str(o.data)}
                return {'type': 'string', 'value': o}
            sys.stdout.write(canon(node(plistlib.loads(sys.stdin.buffer.read()))))
            """
        let python = try CanonicalJSONPythonOracle.run(script, input: binary)
        #expect(String(decoding: python, as: UTF8.self) == value.canonicalJSON())
    }
}
