import Foundation
import PropertyList
import Testing

@Suite struct BinaryPropertyListWriterTests {
    private func write(_ value: PropertyListValue) throws -> [UInt8] {
        Array(try BinaryPropertyListWriter().write(value))
    }

    private func roundTrip(_ value: PropertyListValue) throws -> PropertyListValue {
        try BinaryPropertyListReader().read(try BinaryPropertyListWriter().write(value))
    }

    /// The markers of every object in a document, by object number.
    private func markers(_ bytes: [UInt8]) throws -> [UInt8] {
        try bytes.withUnsafeBytes { raw in
            let scanner = try BinaryPropertyListScanner(bytes: raw)
            return try (0..<scanner.objectCount).map { try scanner.object($0).marker }
        }
    }

    private static let trailerPrefix: [UInt8] = [0, 0, 0, 0, 0, 0]

    // MARK: Exact bytes

    @Test func writesSingleEntryDictionaryByteForByte() throws {
        // Objects: 0 the dictionary, 1 "a", 2 the integer 1. Scalars are written first (offsets
        // 8 and 10), the dictionary after them (offset 12), then the offset table at 15.
        let expected: [UInt8] = Array("bplist00".utf8)
            + [0x51, 0x61, 0x10, 0x01, 0xD1, 0x01, 0x02]
            + [12, 8, 10]
            + Self.trailerPrefix + [1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0]
            + [0, 0, 0, 0, 0, 0, 0, 15]
        #expect(try write(["a": 1]) == expected)
    }

    @Test func writesEqualScalarsOnceByteForByte() throws {
        let expected: [UInt8] = Array("bplist00".utf8)
            + [0x51, 0x61, 0x09, 0xA3, 0x01, 0x01, 0x02]
            + [11, 8, 10]
            + Self.trailerPrefix + [1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0]
            + [0, 0, 0, 0, 0, 0, 0, 15]
        #expect(try write(["a", "a", true]) == expected)
    }

    @Test func writesLargeUnsignedIntegerAsSixteenBytes() throws {
        let expected: [UInt8] = Array("bplist00".utf8)
            + [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)
            + [8]
            + Self.trailerPrefix + [1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0]
            + [0, 0, 0, 0, 0, 0, 0, 25]
        #expect(try write(.integer(PropertyListInteger(UInt64.max))) == expected)
    }

    @Test func writesLongStringWithCountInteger() throws {
        let bytes = try write(.string(String(repeating: "z", count: 15)))
        #expect(Array(bytes[8..<11]) == [0x5F, 0x10, 15])
        let longer = try write(.string(String(repeating: "z", count: 256)))
        #expect(Array(longer[8..<12]) == [0x5F, 0x11, 0x01, 0x00])
    }

    // MARK: Sizes

    @Test func usesMinimalIntegerWidths() throws {
        let values: [Int64] = [0, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296, .max, -1, .min]
        let bytes = try write(.array(values.map { .integer(PropertyListInteger($0)) }))
        #expect(try markers(bytes) == [0xA0 | UInt8(values.count), 0x10, 0x10, 0x11, 0x11, 0x12, 0x12, 0x13, 0x13, 0x13, 0x13])
    }

    @Test func usesUTF16OnlyForNonASCIIStrings() throws {
        let bytes = try write(["plain", "naïve", "🎉"])
        #expect(try markers(bytes) == [0xA3, 0x55, 0x65, 0x62])
    }

    @Test func widensReferencesPastTwoHundredFiftyFiveObjects() throws {
        let small = try write(.array((0..<253).map { .integer(PropertyListInteger(Int64($0))) }))
        #expect(small[small.count - 25] == 1)
        let large = try write(.array((0..<255).map { .integer(PropertyListInteger(Int64($0))) }))
        #expect(large[large.count - 25] == 2)
        #expect(try BinaryPropertyListReader().read(Data(large)).arrayValue?.count == 255)
    }

    @Test func sharesEqualScalarsButNeverContainers() throws {
        let bytes = try write([[1], [1], 1.0, 1, 1.0, .data(Data([1])), .data(Data([1]))])
        // Root, two arrays, integer 1, real 1.0, data: six objects.
        #expect(try markers(bytes).count == 6)
    }

    @Test func keepsCanonicallyEquivalentStringsDistinct() throws {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let value = try roundTrip([.string(composed), .string(decomposed)])
        let strings = try #require(value.arrayValue).compactMap(\.stringValue)
        #expect(strings.map { Array($0.unicodeScalars) } == [Array(composed.unicodeScalars), Array(decomposed.unicodeScalars)])
    }

    @Test func writesNoMoreBytesThanPythonPlistlib() throws {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        try #require(FileManager.default.isExecutableFile(atPath: python.path))
        var records: [PropertyListValue] = []
        for index in 0..<300 {
            records.append([
                "name": .string("record \(index % 40)"), "city": .string(["Zürich", "東京", "Paris"][index % 3]),
                "id": .integer(PropertyListInteger(Int64(index * 1000))), "ratio": .real(Double(index) / 7),
                "ok": .bool(index % 2 == 0), "blob": .data(Data(repeating: UInt8(index % 5), count: 20)),
                "tags": .array((0..<(index % 20)).map { .string("t\($0)") }), "neg": -5,
            ])
        }
        let ours = try BinaryPropertyListWriter().write(.dictionary(["records": .array(records), "big": .integer(PropertyListInteger(UInt64.max))]))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("ours.plist")
        try ours.write(to: input)
        // plistlib reads our bytes (an independent reader) and re-encodes the same tree.
        let script = "import plistlib,sys; v=plistlib.load(open(sys.argv[1],'rb')); print(len(plistlib.dumps(v, fmt=plistlib.FMT_BINARY, sort_keys=False)))"
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script, input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let theirs = try #require(Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(ours.count <= theirs, "ours \(ours.count) bytes, plistlib \(theirs)")
    }

    // MARK: Round trips

    @Test func roundTripsEdgeScalars() throws {
        let values: [PropertyListValue] = [
            .integer(PropertyListInteger(Int64.min)), .integer(PropertyListInteger(Int64.max)),
            .integer(PropertyListInteger(UInt64.max)), .integer(PropertyListInteger(UInt64(Int64.max) + 1)), 0, -1,
            .real(-0.0), .real(0.0), .real(.nan), .real(-.nan), .real(.infinity), .real(-.infinity),
            .real(.leastNonzeroMagnitude), .real(.greatestFiniteMagnitude), .real(Double(bitPattern: 0x7FF0_0000_0000_0001)),
            .real32(1.5), .real32(-0.0), .real32(.nan), .real32(.leastNonzeroMagnitude), .real32(.infinity),
            .date(Date(timeIntervalSince1970: -5_000_000_000)), .date(Date(timeIntervalSinceReferenceDate: 1e15)),
            .date(Date(timeIntervalSinceReferenceDate: -0.0)), .date(Date(timeIntervalSinceReferenceDate: 0.125)),
            .data(Data()), .data(Data(repeating: 0xAB, count: 1 << 20)),
            "", "\u{0}", "a\u{0}b", "naïve café", "😀👩‍👩‍👧‍👦", "\u{FFFF}\u{10FFFF}", .string(String(repeating: "é", count: 70_000)),
            true, false, .uid(0), .uid(255), .uid(256), .uid(70_000), .uid(UInt64.max),
        ]
        #expect(try roundTrip(.array(values)) == .array(values))
        for value in values { #expect(try roundTrip(value) == value) }
    }

    @Test func roundTripsEmptyAndNestedContainers() throws {
        let value: PropertyListValue = ["": [], "d": .dictionary([:]), "n": [[[["deep": [1, [2]]]]]]]
        #expect(try roundTrip(value) == value)
    }

    @Test func roundTripsFiveHundredLevels() throws {
        var value: PropertyListValue = "leaf"
        for level in 0..<500 { value = level % 2 == 0 ? [value] : ["k": value] }
        #expect(try roundTrip(value) == value)
    }

    @Test func roundTripsTenThousandKeyDictionary() throws {
        var dictionary = PropertyListDictionary()
        for index in 0..<10_000 { dictionary["key\(index)"] = .integer(PropertyListInteger(Int64(index))) }
        let value = PropertyListValue.dictionary(dictionary)
        let back = try roundTrip(value)
        #expect(back == value)
        #expect(back.dictionaryValue?.keys == dictionary.keys)
    }

    @Test func roundTripsHundredThousandElementArray() throws {
        let value = PropertyListValue.array((0..<100_000).map { .string("item \($0 % 1000)") })
        #expect(try roundTrip(value) == value)
    }

    @Test func writesDeterministically() throws {
        let value: PropertyListValue = ["b": [1, 2.5, "x"], "a": .data(Data([9])), "c": ["z": true]]
        #expect(try write(value) == write(value))
    }

    // MARK: Foundation as an independent reader and writer

    @Test func foundationReadsOurOutput() throws {
        let value: PropertyListValue = [
            "string": "Zoë 🎉", "ascii": "plain", "empty": "", "int": 42, "neg": .integer(PropertyListInteger(Int64.min)),
            "max": .integer(PropertyListInteger(Int64.max)), "real": 2.5, "bool": true,
            "date": .date(Date(timeIntervalSinceReferenceDate: -123.25)), "data": .data(Data(0..<255)),
            "array": .array((0..<40).map { .integer(PropertyListInteger(Int64($0 * 1000))) }),
            "nested": ["inner": ["x", "x", "y"]],
        ]
        let data = try BinaryPropertyListWriter().write(value)
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(PropertyListValue(foundationObject: object) == value)
    }

    @Test func foundationOutputReadsBackEqual() throws {
        let value: PropertyListValue = ["list": [1, -1, 3.25, "s", ["k": false]], "big": 1_000_000_000_000]
        let data = try PropertyListSerialization.data(fromPropertyList: value.foundationObject, format: .binary, options: 0)
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(try BinaryPropertyListReader().read(data) == PropertyListValue(foundationObject: object))
    }

    // MARK: Errors

    @Test func rejectsNestingBeyondMaximumDepthWithPath() throws {
        var value: PropertyListValue = 1
        for _ in 0..<3 { value = ["k": [value]] }
        var writer = BinaryPropertyListWriter()
        writer.maximumDepth = 4
        let error = #expect(throws: PropertyListError.self) { try writer.write(value) }
        #expect(error?.kind == .unrepresentable)
        #expect(error?.location.path == "root[\"k\"][0][\"k\"][0]")
    }
}
