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

    @Test(.enabled(if: (try? PropertyListValue(from: PropertyListValue.integer(1).encoded(as: .binary))) == 1,
                   "binary codec not in this build: plistlib document comparison skipped"))
    func matchesPlistlibForRandomBinaryAndXMLDocumentsItWrites() throws {
        let script = CanonicalJSONPythonOracle.dumpFunction + """

            import sys, plistlib, datetime, base64, random, struct, math
            EPOCH = datetime.datetime(2001, 1, 1)
            random.seed(20261130)
            POOL = ['a', 'B', 'z', ' ', '\\t', '\\n', '"', '\\\\', '<', '&', ']]>', '\\u00e9', '\\u65e5', '\\U0001F600', '\\uFFFF']
            def text():
                return ''.join(random.choice(POOL) for _ in range(random.randint(0, 6)))
            def real():
                while True:
                    f = struct.unpack('<d', random.getrandbits(64).to_bytes(8, 'little'))[0]
                    if math.isfinite(f): return f
            def value(depth):
                kind = random.randint(0, 8 if depth > 0 else 6)
                if kind == 0: return text()
                if kind == 1: return random.randint(-2**63, 2**64 - 1)
                if kind == 2: return random.choice([real(), random.uniform(-1e6, 1e6), 0.1, -0.0, 1e16])
                if kind == 3: return random.random() < 0.5
                if kind == 4: return EPOCH + datetime.timedelta(seconds=random.randint(-10**10, 10**10))
                if kind == 5: return random.randbytes(random.randint(0, 24))
                if kind == 6: return random.randint(-1000, 1000)
                if kind == 7: return [value(depth - 1) for _ in range(random.randint(0, 5))]
                return {text(): value(depth - 1) for _ in range(random.randint(0, 5))}
            def node(o):
                if isinstance(o, dict): return {'type': 'dict', 'value': {k: node(v) for k, v in o.items()}}
                if isinstance(o, list): return {'type': 'array', 'value': [node(v) for v in o]}
                if isinstance(o, bool): return {'type': 'bool', 'value': o}
                if isinstance(o, int): return {'type': 'int', 'value': str(o)}
                if isinstance(o, float): return {'type': 'real', 'value': repr(o)}
                if isinstance(o, datetime.datetime): return {'type': 'date', 'value': repr((o - EPOCH).total_seconds())}
                if isinstance(o, bytes): return {'type': 'data', 'value': o.hex()}
                return {'type': 'string', 'value': o}
            lines = []
            for _ in range(200):
                doc = {'root': value(4)}
                binary = base64.b64encode(plistlib.dumps(doc, fmt=plistlib.FMT_BINARY)).decode()
                xml = base64.b64encode(plistlib.dumps(doc, fmt=plistlib.FMT_XML)).decode()
                lines.append(binary + ' ' + xml + ' ' + base64.b64encode(canon(node(doc)).encode()).decode())
            sys.stdout.write('\\n'.join(lines))
            """
        let output = try CanonicalJSONPythonOracle.run(script, input: Data())
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        try #require(lines.count == 200)
        for line in lines {
            let fields = line.split(separator: " ").compactMap { Data(base64Encoded: String($0)) }
            try #require(fields.count == 3)
            let expected = String(decoding: fields[2], as: UTF8.self)
            let binary = try PropertyListValue(from: fields[0])
            #expect(binary.canonicalJSON() == expected)
            let xml = try PropertyListValue(from: fields[1])
            #expect(xml.canonicalJSON() == expected)
        }
    }
}
