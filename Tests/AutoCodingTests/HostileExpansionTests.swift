import AutoCoding
import Foundation
import PropertyList
import Testing
import TestSupport

private struct TwelveLevels: AutoCodable {
    var levels: [[[[[[[[[[[[String]]]]]]]]]]]] = []
}

private struct ManyNames: AutoCodable {
    var names: [String] = []
}

private struct ManyBlobs: AutoCodable {
    var blobs: [Data] = []
}

/// The raw words of a `String`: equal for two strings that share one storage object.
private func words(_ string: String) -> (UInt64, UInt64) {
    unsafeBitCast(string, to: (UInt64, UInt64).self)
}

/// A `bplist00` document from raw objects (object 0 is the top), 4-byte offsets, 1-byte references:
/// independent of the writer, which never shares containers.
private func document(_ objects: [[UInt8]]) -> Data {
    var document = BinaryPropertyListAssembler(objects)
    document.offsetIntSize = 4
    return document.data
}

private func counted(_ marker: UInt8, _ count: Int) -> [UInt8] {
    if count < 15 { return [marker | UInt8(count)] }
    return [marker | 0x0F, 0x12] + withUnsafeBytes(of: UInt32(count).bigEndian, Array.init)
}

/// `{"<key>": object 2}` as object 0, the key as object 1, then `rest`.
private func rooted(key: String, _ rest: [[UInt8]]) -> Data {
    document([[0xD1, 1, 2], counted(0x50, key.utf8.count) + Array(key.utf8)] + rest)
}

/// Binary archives whose references expand far beyond their size: refused in proportion to the
/// size, or read with what they share shared.
@Suite struct HostileExpansionTests {
    @Test func aTinyArchiveOfTwelveSharedLevelsIsRefusedAtOnceByTheDirectReader() throws {
        // Objects 2…13: arrays of 16 references to the next; object 14 the leaf: 16^12 strings.
        var objects: [[UInt8]] = []
        for level in 0..<12 { objects.append(counted(0xA0, 16) + Array(repeating: UInt8(3 + level), count: 16)) }
        objects.append([0x51, UInt8(ascii: "x")])
        let data = rooted(key: "levels", objects)
        #expect(data.count < 400)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.unarchive(TwelveLevels.self, from: data) }
        #expect(error.kind == .expansionLimitExceeded)
        #expect(error.reason.contains("bytes of input"))
        // The limit is 65,536 values for so small a file: refused after that many, not 2^24.
        #expect(clock.now - start < .seconds(5))
        let tree = try #require(throws: PropertyListError.self) { try PropertyListValue(from: data, format: .binary) }
        #expect(tree.kind == .expansionLimitExceeded)
    }

    @Test func aLongStringReferredToAHundredThousandTimesIsDecodedOnceAndShared() throws {
        let long = [UInt8](repeating: UInt8(ascii: "s"), count: 50_000)
        let data = rooted(key: "names", [counted(0xA0, 100_000) + Array(repeating: 3, count: 100_000),
                                          [0x5F, 0x11] + withUnsafeBytes(of: UInt16(50_000).bigEndian, Array.init) + long])
        #expect(data.count < 160_000)
        let value = try AutoArchiver.unarchive(ManyNames.self, from: data)
        #expect(value.names.count == 100_000)
        #expect(value.names[99_999].utf8.count == 50_000)
        #expect(words(value.names[2]) == words(value.names[99_999]))
    }

    @Test func aLargeBlobReferredToManyTimesIsCopiedOnceAndShared() throws {
        let blob = [UInt8](repeating: 7, count: 50_000)
        let data = rooted(key: "blobs", [counted(0xA0, 20_000) + Array(repeating: 3, count: 20_000),
                                          [0x4F, 0x11] + withUnsafeBytes(of: UInt16(50_000).bigEndian, Array.init) + blob])
        let value = try AutoArchiver.unarchive(ManyBlobs.self, from: data)
        #expect(value.blobs.count == 20_000)
        let first = value.blobs[2].withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        let last = value.blobs[19_999].withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        #expect(first == last)
        let tree = try PropertyListValue(from: data, format: .binary)
        guard case .array(let blobs)? = tree["blobs"] else { Issue.record("no blobs"); return }
        #expect(blobs.count == 20_000)
    }

    @Test func theExpansionLimitScalesWithTheInputAndKeepsItsFloorAndCeiling() {
        let options = PropertyListReadingOptions.default
        #expect(options.expandedValueLimit(forInputOfSize: 10) == PropertyListReadingOptions.minimumExpansionBudget)
        #expect(options.expandedValueLimit(forInputOfSize: 100_000) == 1_600_000)
        #expect(options.expandedValueLimit(forInputOfSize: 1 << 30) == 1 << 24)
        #expect(options.expandedValueLimit(forInputOfSize: .max) == 1 << 24)
        let custom = PropertyListReadingOptions(maximumExpandedValues: .max, maximumExpandedValuesPerByte: 2)
        #expect(custom.expandedValueLimit(forInputOfSize: 1_000_000) == 2_000_000)
    }
}
