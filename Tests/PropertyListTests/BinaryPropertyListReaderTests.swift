import Foundation
import PropertyList
import Testing
import TestSupport

@Suite struct BinaryPropertyListReaderTests {
    typealias Assembler = BinaryPropertyListAssembler

    private func read(_ assembler: Assembler, options: PropertyListReadingOptions = .default) throws -> PropertyListValue {
        try BinaryPropertyListReader(options: options).read(assembler.data)
    }

    /// Reads `bytes`, expecting an error of `kind` that names a byte offset.
    @discardableResult
    private func expectError(_ kind: PropertyListError.Kind, _ bytes: [UInt8],
                             options: PropertyListReadingOptions = .default,
                             sourceLocation: SourceLocation = #_sourceLocation) -> PropertyListError? {
        let error = #expect(throws: PropertyListError.self, sourceLocation: sourceLocation) {
            try BinaryPropertyListReader(options: options).read(Data(bytes))
        }
        #expect(error?.kind == kind, "\(String(describing: error))", sourceLocation: sourceLocation)
        #expect(error?.location.byteOffset != nil, sourceLocation: sourceLocation)
        return error
    }

    // MARK: Well-formed input

    @Test func readsEveryScalarMarker() throws {
        let objects: [[UInt8]] = [
            Assembler.array(Array(1...16)),
            [0x08], [0x09],
            [0x10, 0xFF], [0x11, 0xFF, 0xFE], [0x12, 0xFF, 0xFF, 0xFF, 0xFF],
            [0x13] + Assembler.bigEndian(UInt64(bitPattern: -2), width: 8),
            [0x14] + Assembler.bigEndian(UInt64.max, width: 8) + Assembler.bigEndian(UInt64(bitPattern: Int64.min), width: 8),
            [0x22] + Assembler.bigEndian(UInt64(Float(1.5).bitPattern), width: 4),
            [0x23] + Assembler.bigEndian((-2.25).bitPattern, width: 8),
            [0x33] + Assembler.bigEndian((-1e9).bitPattern, width: 8),
            [0x43, 1, 2, 3],
            Assembler.ascii("hi\u{0}"),
            Assembler.utf16([0x00E9, 0xD83D, 0xDE00]),
            [0x82, 0x01, 0x02, 0x03],
            [0x87] + Assembler.bigEndian(UInt64.max, width: 8),
            Assembler.count(0x40, 20) + [UInt8](repeating: 7, count: 20),
        ]
        let value = try read(Assembler(objects))
        let expected: PropertyListValue = [
            false, true, 255, 65534, .integer(PropertyListInteger(UInt64(UInt32.max))), -2,
            .integer(PropertyListInteger(Int64.min)), .real32(1.5), -2.25,
            .date(Date(timeIntervalSinceReferenceDate: -1e9)), .data(Data([1, 2, 3])), "hi\u{0}",
            "é😀", .uid(0x010203), .uid(UInt64.max), .data(Data(repeating: 7, count: 20)),
        ]
        #expect(value == expected)
    }

    @Test func readsFoundationBinaryOutput() throws {
        let value: PropertyListValue = [
            "name": "Zoë 🎉", "count": 42, "negative": -7, "big": .integer(PropertyListInteger(Int64.max)),
            "pi": 3.141592653589793, "on": true, "off": false,
            "when": .date(Date(timeIntervalSinceReferenceDate: 123_456.5)), "bytes": .data(Data(0..<200)),
            "list": [1, "two", [3.5], ["k": "v"]], "empty": [], "emptyDict": .dictionary([:]),
            "long": .string(String(repeating: "x", count: 300)),
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: value.foundationObject, format: .binary, options: 0)
        #expect(try BinaryPropertyListReader().read(data) == value)
    }

    @Test func readsPythonPlistlibOutput() throws {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python))
        let script = """
            import plistlib, sys, datetime
            value = {"text": "plain", "unicode": "Grüße 🌍", "big": 2**64 - 1, "neg": -2**63,
                     "uid": plistlib.UID(300), "real": -0.5, "when": datetime.datetime(2000, 12, 31, 23, 59, 30),
                     "blob": bytes(range(256)), "list": [True, False, "plain", 1, 1.0] * 4, "empty": {}}
            sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let list = [PropertyListValue](repeating: [true, false, "plain", 1, 1.0], count: 4).flatMap { $0.arrayValue ?? [] }
        let expected: PropertyListValue = [
            "text": "plain", "unicode": "Grüße 🌍", "big": .integer(PropertyListInteger(UInt64.max)),
            "neg": .integer(PropertyListInteger(Int64.min)), "uid": .uid(300), "real": -0.5,
            "when": .date(Date(timeIntervalSinceReferenceDate: -30)), "blob": .data(Data(0...255)),
            "list": .array(list), "empty": .dictionary([:]),
        ]
        #expect(try BinaryPropertyListReader().read(data) == expected)
    }

    @Test func readsFromRawBufferWithoutData() throws {
        let bytes = Assembler([Assembler.ascii("raw")]).bytes
        let value = try bytes.withUnsafeBytes { try BinaryPropertyListReader().read($0) }
        #expect(value == "raw")
    }

    @Test func scannerGivesTypedAccessWithoutBuildingValues() throws {
        let data = try BinaryPropertyListWriter().write(["name": "Ada", "year": 1815])
        try BinaryPropertyListScanner.withScanner(over: data) { scanner in
            let root = try scanner.object(scanner.topObject)
            #expect(root.kind == .dictionary)
            #expect(root.count == 2)
            var fields: [String: BinaryPropertyListScanner.Object] = [:]
            for index in 0..<root.count {
                let key = try scanner.string(try scanner.object(try scanner.reference(root, at: index)))
                fields[key] = try scanner.object(try scanner.reference(root, at: root.count + index))
            }
            let name = try #require(fields["name"])
            let year = try #require(fields["year"])
            #expect(try scanner.string(name) == "Ada")
            #expect(try scanner.integer(year) == 1815)
            #expect(throws: PropertyListError.self) { try scanner.reference(root, at: 4) }
            #expect(throws: PropertyListError.self) { try scanner.string(year) }
        }
    }

    @Test func readsWideReferencesAndOffsets() throws {
        // Three-byte offsets and two-byte references are unusual but legal.
        var assembler = Assembler([[0xA1, 0x00, 0x01], [0x10, 0x05]])
        assembler.offsetIntSize = 3
        assembler.objectRefSize = 2
        #expect(try read(assembler) == [5])
    }

    @Test func duplicateKeysKeepFirstPositionAndLastValue() throws {
        let objects: [[UInt8]] = [
            Assembler.dictionary(keys: [1, 2, 3], values: [4, 5, 6]),
            Assembler.ascii("a"), Assembler.ascii("b"), Assembler.utf16([0x61]),
            [0x10, 1], [0x10, 2], [0x10, 3],
        ]
        let dictionary = try #require(try read(Assembler(objects)).dictionaryValue)
        #expect(dictionary.keys == ["a", "b"])
        #expect(dictionary["a"] == 3)
    }

    @Test func duplicateKeysInLargeDictionaryKeepFirstPositionAndLastValue() throws {
        // Forty entries (past the linear-search size); keys 0 and 39 are both "k0".
        let size = 40
        var objects: [[UInt8]] = [Assembler.dictionary(keys: Array(1...size), values: Array((size + 1)...(2 * size)))]
        for index in 0..<size { objects.append(Assembler.ascii("k\(index == size - 1 ? 0 : index)")) }
        for index in 0..<size { objects.append([0x10, UInt8(index)]) }
        var document = Assembler(objects)
        document.offsetIntSize = 2
        let dictionary = try #require(try read(document).dictionaryValue)
        #expect(dictionary.count == size - 1)
        #expect(dictionary.keys.first == "k0")
        #expect(dictionary["k0"] == .integer(PropertyListInteger(Int64(size - 1))))
        #expect(dictionary["k12"] == 12)
    }

    @Test func nestedDictionariesDoNotShareKeys() throws {
        // {"a": {"b": 1, "a": 2}, "b": 3}: inner keys must not count as outer duplicates.
        let objects: [[UInt8]] = [
            Assembler.dictionary(keys: [1, 2], values: [3, 4]), Assembler.ascii("a"), Assembler.ascii("b"),
            Assembler.dictionary(keys: [2, 1], values: [5, 6]), [0x10, 3], [0x10, 1], [0x10, 2],
        ]
        #expect(try read(Assembler(objects)) == ["a": ["b": 1, "a": 2], "b": 3])
    }

    @Test func repeatedStringObjectsDecodeEqualOnEveryVisit() throws {
        let long = String(repeating: "long ascii ", count: 3)
        let objects: [[UInt8]] = [
            Assembler.array([1, 2, 1, 2, 1, 2, 1, 2, 3, 3, 3]), Assembler.ascii(long), Assembler.utf16([0x5168, 0x20AC]),
            Assembler.dictionary(keys: [2], values: [1]),
        ]
        let expected = PropertyListValue.array(
            [PropertyListValue](repeating: [.string(long), "全€"], count: 4).flatMap { $0.arrayValue ?? [] }
                + [PropertyListValue](repeating: ["全€": .string(long)], count: 3))
        #expect(try read(Assembler(objects)) == expected)
    }

    @Test func sharedContainersExpandToEqualValues() throws {
        // The shared array is visited three times: decoded, decoded and cached, then reused.
        let objects: [[UInt8]] = [Assembler.array([1, 1, 1]), Assembler.array([2, 3]), Assembler.ascii("a"), [0x09]]
        let value = try read(Assembler(objects))
        #expect(value == [["a", true], ["a", true], ["a", true]])
    }

    @Test func expansionCountIncludesCachedSubtreesExactly() throws {
        // Root plus three copies of a two-element array: 1 + 3 * 3 = 10 values.
        let objects: [[UInt8]] = [Assembler.array([1, 1, 1]), Assembler.array([2, 3]), Assembler.ascii("a"), [0x09]]
        let atLimit = PropertyListReadingOptions(maximumExpandedValues: 10)
        #expect(try read(Assembler(objects), options: atLimit).arrayValue?.count == 3)
        let error = expectError(.expansionLimitExceeded, Assembler(objects).bytes,
                                options: PropertyListReadingOptions(maximumExpandedValues: 9))
        #expect(error?.location.objectNumber != nil)
    }

    // MARK: Header and trailer

    @Test func rejectsTruncatedFile() {
        let error = expectError(.truncated, Array("bplist00".utf8) + [0x08, 0x08])
        #expect(error?.reason.contains("10") == true)
    }

    @Test func rejectsEmptyInput() {
        expectError(.truncated, [])
    }

    @Test func rejectsBadMagic() {
        var assembler = Assembler([[0x08]])
        assembler.magic = Array("xplist00".utf8)
        #expect(expectError(.invalidHeader, assembler.bytes)?.location.byteOffset == 0)
    }

    @Test func rejectsOtherFormatVersions() {
        var assembler = Assembler([[0x08]])
        assembler.magic = Array("bplist15".utf8)
        let error = expectError(.invalidHeader, assembler.bytes)
        #expect(error?.location.byteOffset == 6)
        #expect(error?.reason.contains("15") == true)
    }

    @Test func rejectsBadTrailerSizes() {
        var zeroOffsets = Assembler([[0x10, 0x01]])
        zeroOffsets.offsetIntSize = 0
        expectError(.invalidHeader, zeroOffsets.bytes)
        var wideReferences = Assembler([[0x08]])
        wideReferences.objectRefSize = 9
        expectError(.invalidHeader, wideReferences.bytes)
    }

    @Test func rejectsZeroOrImpossibleObjectCounts() {
        var none = Assembler([[0x08]])
        none.objectCount = 0
        expectError(.invalidHeader, none.bytes)
        var huge = Assembler([[0x08]])
        huge.objectCount = 1 << 60
        expectError(.invalidHeader, huge.bytes)
    }

    @Test func rejectsTopObjectOutOfRange() {
        var assembler = Assembler([[0x08]])
        assembler.topObject = 1
        expectError(.invalidHeader, assembler.bytes)
    }

    @Test func rejectsOffsetTableOutOfRange() {
        var pastEnd = Assembler([[0x08]])
        pastEnd.offsetTableOffset = 1 << 40
        expectError(.outOfBounds, pastEnd.bytes)
        var inHeader = Assembler([[0x08]])
        inHeader.offsetTableOffset = 3
        expectError(.outOfBounds, inHeader.bytes)
        // A count whose table would overlap the trailer.
        var tooManyEntries = Assembler([[0x08], [0x09]])
        tooManyEntries.objectCount = 20
        expectError(.outOfBounds, tooManyEntries.bytes)
    }

    // MARK: Objects

    @Test func rejectsObjectOffsetOutOfRange() {
        var intoTable = Assembler([Assembler.array([1]), [0x08]])
        intoTable.offsetOverrides = [1: 12]
        let error = expectError(.outOfBounds, intoTable.bytes)
        #expect(error?.location.objectNumber == 1)
        var intoHeader = Assembler([[0x08]])
        intoHeader.offsetOverrides = [0: 2]
        #expect(expectError(.outOfBounds, intoHeader.bytes)?.location.objectNumber == 0)
    }

    @Test func rejectsStringLongerThanFile() {
        let object: [UInt8] = [0x5F, 0x13] + Assembler.bigEndian(1 << 60, width: 8) + [0x61]
        let error = expectError(.outOfBounds, Assembler([object]).bytes)
        #expect(error?.location.objectNumber == 0)
        #expect(error?.reason.contains("1152921504606846976") == true)
    }

    @Test func rejectsCountsWhoseByteLengthOverflows() {
        // 2^62 UTF-16 units would be 2^63 bytes: the multiplication must not wrap.
        let object: [UInt8] = [0x6F, 0x13] + Assembler.bigEndian(1 << 62, width: 8)
        expectError(.outOfBounds, Assembler([object]).bytes)
    }

    @Test func rejectsCountWithBadMarker() {
        expectError(.invalidObject, Assembler([[0x5F, 0x23, 0, 0, 0, 0, 0, 0, 0, 1]]).bytes)
        expectError(.invalidObject, Assembler([[0x4F, 0x14] + [UInt8](repeating: 0, count: 16)]).bytes)
    }

    @Test func rejectsNegativeCount() {
        let object: [UInt8] = [0xAF, 0x13] + Assembler.bigEndian(UInt64(bitPattern: -1), width: 8)
        expectError(.invalidObject, Assembler([object]).bytes)
    }

    @Test func rejectsCountIntegerRunningIntoOffsetTable() {
        expectError(.outOfBounds, Assembler([[0x5F, 0x12, 0x00]]).bytes)
    }

    @Test func rejectsReferenceToMissingObject() {
        let error = expectError(.outOfBounds, Assembler([Assembler.array([7])]).bytes)
        #expect(error?.location.objectNumber == 0)
    }

    @Test func rejectsArrayContainingItself() {
        let error = expectError(.cycle, Assembler([Assembler.array([1]), Assembler.array([0])]).bytes)
        #expect(error?.location.objectNumber == 0)
    }

    @Test func rejectsDictionaryContainingItself() {
        let objects = [Assembler.dictionary(keys: [1], values: [0]), Assembler.ascii("self")]
        #expect(expectError(.cycle, Assembler(objects).bytes)?.location.objectNumber == 0)
    }

    @Test func rejectsDictionaryUsedAsItsOwnKey() {
        let objects = [Assembler.dictionary(keys: [0], values: [1]), [0x08]]
        #expect(expectError(.unsupportedObject, Assembler(objects).bytes)?.location.objectNumber == 0)
    }

    @Test func rejectsNonStringKey() {
        let objects = [Assembler.dictionary(keys: [1], values: [1]), [0x10, 0x01]]
        #expect(expectError(.unsupportedObject, Assembler(objects).bytes)?.location.objectNumber == 1)
    }

    @Test func rejectsNestingBeyondTheDepthLimit() throws {
        let objects = (0..<600).map { $0 < 599 ? [0xA1] + Assembler.bigEndian(UInt64($0 + 1), width: 2) : [0xA0] }
        var assembler = Assembler(objects)
        assembler.objectRefSize = 2
        assembler.offsetIntSize = 2
        expectError(.depthLimitExceeded, assembler.bytes, options: PropertyListReadingOptions(maximumDepth: 512))
        // The default limit is far deeper: what the writers write, the readers read.
        _ = try read(assembler)
    }

    @Test func rejectsSharedSubtreeReusedBeyondDepthLimit() {
        // Object 1 heads a chain 300 deep. The root reaches it twice at depth 2 (the second visit
        // caches it) and a third time under a 250-deep chain, where the cached copy would make
        // the tree 551 deep.
        var objects: [[UInt8]] = [[0xA3, 0, 1, 0, 1, 0x01, 0x2D]]
        for index in 1...300 {
            objects.append(index < 300 ? [0xA1] + Assembler.bigEndian(UInt64(index + 1), width: 2) : [0xA0])
        }
        for index in 0..<250 {
            let next = index < 249 ? UInt64(302 + index) : 1
            objects.append([0xA1] + Assembler.bigEndian(next, width: 2))
        }
        var assembler = Assembler(objects)
        assembler.objectRefSize = 2
        assembler.offsetIntSize = 2
        expectError(.depthLimitExceeded, assembler.bytes, options: PropertyListReadingOptions(maximumDepth: 512))
        #expect(throws: Never.self) {
            try read(assembler, options: PropertyListReadingOptions(maximumDepth: 560))
        }
    }

    @Test func rejectsExponentialSharingQuickly() {
        // Each level is an array of ten references to the level below: 10^40 values.
        var objects: [[UInt8]] = []
        for level in 0..<40 { objects.append(Assembler.array([Int](repeating: level + 1, count: 10))) }
        objects.append(Assembler.ascii("lol"))
        var assembler = Assembler(objects)
        assembler.offsetIntSize = 2
        let error = expectError(.expansionLimitExceeded, assembler.bytes)
        #expect(error?.location.objectNumber != nil)
        // Even an unlimited setting cannot be defeated by the count overflowing.
        expectError(.expansionLimitExceeded, assembler.bytes, options: PropertyListReadingOptions(maximumExpandedValues: .max))
    }

    @Test func rejectsSetNullAndFillMarkers() {
        for marker: UInt8 in [0xC0, 0x00, 0x0F] {
            #expect(expectError(.unsupportedObject, Assembler([[marker]]).bytes)?.location.objectNumber == 0)
        }
    }

    @Test func rejectsUnknownMarkers() {
        for object: [UInt8] in [[0x70], [0x21, 0, 0], [0x15, 0], [0x34, 0], [0x0A], [0xF0]] {
            expectError(.invalidObject, Assembler([object]).bytes)
        }
    }

    @Test func rejectsUIDLongerThanEightBytes() {
        expectError(.invalidObject, Assembler([[0x88] + [UInt8](repeating: 1, count: 9)]).bytes)
    }

    @Test func rejectsScalarRunningIntoOffsetTable() {
        expectError(.outOfBounds, Assembler([[0x13, 0, 0, 0]]).bytes)
    }

    @Test func rejectsSixteenByteIntegerOutOfRange() {
        let tooBig: [UInt8] = [0x14] + Assembler.bigEndian(1, width: 8) + Assembler.bigEndian(0, width: 8)
        expectError(.integerOutOfRange, Assembler([tooBig]).bytes)
        // -2^63 - 1: high half all ones, low half without its top bit.
        let tooSmall: [UInt8] = [0x14] + Assembler.bigEndian(UInt64.max, width: 8) + Assembler.bigEndian(UInt64(Int64.max), width: 8)
        expectError(.integerOutOfRange, Assembler([tooSmall]).bytes)
    }

    @Test func rejectsInvalidUTF16() {
        for units: [UInt16] in [[0x61, 0xD800], [0xDC00, 0x61], [0xD800, 0x62], [0xDBFF, 0xD800]] {
            expectError(.invalidString, Assembler([Assembler.utf16(units)]).bytes)
        }
    }

    @Test func rejectsNonASCIIByteInASCIIString() {
        let error = expectError(.invalidString, Assembler([[0x53, 0x61, 0xC3, 0xA9]]).bytes)
        #expect(error?.location.byteOffset == 10)
    }

    // MARK: Robustness

    @Test func survivesEverySingleByteMutationAndTruncation() throws {
        let value: PropertyListValue = [
            "text": "héllo wörld, a longer string", "n": [1, -2, .integer(PropertyListInteger(UInt64.max))],
            "d": .data(Data(0..<20)), "r": [2.5, .real32(1), .date(Date(timeIntervalSinceReferenceDate: 0))],
            "nested": ["a": [true, false, .uid(7)], "b": []], "shared": "text",
        ]
        let original = Array(try BinaryPropertyListWriter().write(value))
        #expect(try BinaryPropertyListReader().read(Data(original)) == value)
        let limits = PropertyListReadingOptions(maximumDepth: 64, maximumExpandedValues: 10_000)
        func survives(_ bytes: [UInt8]) {
            do {
                _ = try BinaryPropertyListReader(options: limits).read(Data(bytes))
            } catch let error as PropertyListError {
                #expect(error.location.byteOffset != nil || error.location.objectNumber != nil, "\(error)")
            } catch {
                Issue.record("unexpected error type: \(error)")
            }
        }
        for position in original.indices {
            for replacement: UInt8 in [0x00, 0x01, 0x0F, 0x7F, 0x80, 0xAF, 0xDF, 0xFF, original[position] ^ 0x10] {
                var mutated = original
                mutated[position] = replacement
                survives(mutated)
            }
        }
        for length in 0..<original.count { survives(Array(original[..<length])) }
    }
}
