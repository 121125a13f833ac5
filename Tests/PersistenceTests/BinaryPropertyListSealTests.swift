import Foundation
import Persistence
import PropertyList
import Testing
import TestSupport

/// The CRC-32 kept in a `bplist00` trailer's unused bytes: detected damage, unchanged readers.
@Suite struct BinaryPropertyListSealTests {
    static let value: PropertyListValue = ["title": "Field notes ✓", "pages": 3, "tags": ["a", "b"], "done": false]

    static func unsealed() throws -> Data {
        try BinaryPropertyListWriter().write(value)
    }

    @Test func sealingWritesOnlyTheTrailersUnusedBytesAndKeepsTheValue() throws {
        let plain = try Self.unsealed()
        let sealed = try BinaryPropertyListSeal.seal(plain)
        #expect(sealed.count == plain.count)
        let trailer = plain.count - BinaryPropertyListFormat.trailerSize
        let changed = plain.indices.filter { plain[$0] != sealed[$0] }
        #expect(changed.allSatisfy { (trailer..<trailer + 5).contains($0) }, "changed offsets \(changed)")
        #expect(sealed[trailer] == UInt8(ascii: "C"))
        #expect(try PropertyListValue(from: sealed) == Self.value)
        #expect(BinaryPropertyListSeal.verify(sealed) == .intact)
    }

    @Test func theChecksumIsTheCRC32OfTheFileWithTheSealBytesZeroed() throws {
        let plain = try Self.unsealed()
        let sealed = try BinaryPropertyListSeal.seal(plain)
        let trailer = plain.count - BinaryPropertyListFormat.trailerSize
        let stored = sealed[(trailer + 1)...(trailer + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        // The writer leaves the unused bytes zero, so the plain document is the checksummed form.
        #expect(stored == CRC32.checksum(plain))
    }

    @Test func everyChangedBitIsDamageExceptInTheMarkerWhichUnseals() throws {
        let sealed = try BinaryPropertyListSeal.seal(try Self.unsealed())
        let marker = sealed.count - BinaryPropertyListFormat.trailerSize
        for offset in sealed.indices {
            for bit in 0..<8 {
                var flipped = sealed
                flipped[offset] ^= UInt8(1) << bit
                let verdict = BinaryPropertyListSeal.verify(flipped)
                if offset == marker {
                    #expect(verdict == .notSealed, "bit \(bit) of the marker")
                } else if offset < BinaryPropertyListFormat.headerSize {
                    // A damaged magic is no longer a bplist00 document: readers refuse it.
                    #expect(verdict == .notSealed, "bit \(bit) of header byte \(offset)")
                    #expect(throws: PropertyListError.self) { try PropertyListValue(from: flipped, format: .binary) }
                } else if case .damaged = verdict {
                } else {
                    Issue.record("bit \(bit) of byte \(offset) gave \(verdict)")
                }
            }
        }
    }

    @Test func documentsOfOtherWritersAreNotSealed() throws {
        let foundation = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        #expect(BinaryPropertyListSeal.verify(foundation) == .notSealed)
        #expect(BinaryPropertyListSeal.verify(try Self.unsealed()) == .notSealed)
        #expect(BinaryPropertyListSeal.verify(try Self.value.encoded(as: .xml)) == .notSealed)
        #expect(BinaryPropertyListSeal.verify(Data()) == .notSealed)
        #expect(BinaryPropertyListSeal.verify(Data("bplist00".utf8)) == .notSealed)
    }

    @Test func resealingReplacesAnEarlierSeal() throws {
        let sealed = try BinaryPropertyListSeal.seal(try Self.unsealed())
        #expect(try BinaryPropertyListSeal.seal(sealed) == sealed)
    }

    @Test func sealingRefusesWhatIsNotABinaryPropertyList() throws {
        let xml = try #require(throws: PropertyListError.self) {
            try BinaryPropertyListSeal.seal(try Self.value.encoded(as: .xml))
        }
        #expect(xml.kind == .invalidHeader)
        let short = try #require(throws: PropertyListError.self) { try BinaryPropertyListSeal.seal(Data("bplist00".utf8)) }
        #expect(short.kind == .truncated)
    }

    @Test func foundationReadsASealedDocument() throws {
        let sealed = try BinaryPropertyListSeal.seal(try Self.unsealed())
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object = try PropertyListSerialization.propertyList(from: sealed, options: [], format: &format)
        #expect(format == .binary)
        #expect(PropertyListValue(foundationObject: object) == Self.value)
        // PropertyListDecoder parses on its own (swift-foundation's scanner), so check it as well.
        struct Sample: Decodable, Equatable {
            var title: String
            var pages: Int
            var tags: [String]
            var done: Bool
        }
        let decoded = try PropertyListDecoder().decode(Sample.self, from: sealed)
        #expect(decoded == Sample(title: "Field notes ✓", pages: 3, tags: ["a", "b"], done: false))
    }

    @Test(.enabled(if: PythonOracle.isAvailable, "plistlib oracle unavailable: \(PythonOracle.unavailableReason)"))
    func plistlibReadsASealedDocument() throws {
        let oracle = try #require(PythonOracle.shared)
        let sealed = try BinaryPropertyListSeal.seal(try Self.unsealed())
        let answers = try oracle.read([sealed])
        #expect(try answers.first?.get() == Self.value.canonicalJSON())
    }
}
