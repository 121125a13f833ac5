import AutoCoding
import Foundation
import PropertyList
import Testing

struct ManyThings: AutoCodable {
    var numbers: [Int] = []
    var words: [String] = []
    var blob = Data()
    var table: [String: Double] = [:]
    var huge: UInt64 = 0
    var negative: Int64 = 0
    var float: Float = 0
}

/// The direct binary writer (values → bytes with no tree) must produce documents that read back
/// as exactly the tree the engine builds, in our reader, Foundation's and Python's.
@Suite struct BinaryArchiveWriterTests {
    private func expectDirectMatchesTree<T: AutoCodable>(_ value: T) throws {
        let bytes = try AutoArchiver.archive(value, format: .binary)
        let tree = try AutoArchiver.encodeTree(value)
        let read = try BinaryPropertyListReader().read(bytes)
        #expect(identical(read, tree), "\(T.self): direct writer output differs from the tree")
        let object = try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
        #expect(PropertyListValue(foundationObject: object) == tree, "\(T.self): Foundation reads something else")
    }

    @Test func directOutputReadsBackAsTheEngineTree() throws {
        try expectDirectMatchesTree(Scalars.sample)
        try expectDirectMatchesTree(Scalars())
        try expectDirectMatchesTree(Collections.sample)
        try expectDirectMatchesTree(Optionals())
        try expectDirectMatchesTree(Company(name: "c", people: (0..<30).map(Person.sample), orders: (0..<4).map(Order.sample)))
        try expectDirectMatchesTree(Drawing(title: "d", shapes: [.circle(radius: 1), .empty], background: .polygon([1])))
        try expectDirectMatchesTree(Wrapped.sample)
        try expectDirectMatchesTree(Box<[String: [Int]]>(label: "x", content: ["k": [1, 2]], history: []))
    }

    @Test func canonicallyEquivalentStringsAreNotMergedByUniquing() throws {
        // "é" precomposed and decomposed are equal to Swift's String ==, distinct to the format.
        var value = ManyThings()
        value.words = ["\u{E9}", "e\u{301}", "\u{E9}"]
        let copy = try AutoArchiver.unarchive(ManyThings.self, from: AutoArchiver.archive(value, format: .binary))
        #expect(copy.words.map { Array($0.unicodeScalars) } == value.words.map { Array($0.unicodeScalars) })
    }

    @Test func countsOfFifteenAndMoreUseTheExtendedLength() throws {
        var value = ManyThings()
        value.numbers = Array(0..<15)
        value.words = (0..<40).map { "word \($0) " + String(repeating: "é", count: $0) }
        value.blob = Data(repeating: 7, count: 300)
        value.table = Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", Double($0) / 3) })
        value.huge = .max
        value.negative = .min
        value.float = -1.5
        try expectDirectMatchesTree(value)
    }

    @Test func wideObjectReferencesAreUsedWhenThereAreManyObjects() throws {
        var value = ManyThings()
        value.numbers = Array(0..<70_000) // more than 65,536 objects: 4-byte references
        try expectDirectMatchesTree(value)
        value.numbers = Array(0..<300) // more than 256: 2-byte references
        try expectDirectMatchesTree(value)
    }

    @Test func widthsHoldTheObjectCountAndTableOffsetThemselves() throws {
        // 255 vs 256 objects, and an offset table starting at exactly 256: CoreFoundation rejects
        // widths that only hold the largest reference or offset.
        for count in 250...258 {
            var value = ManyThings()
            value.numbers = Array(0..<count)
            try expectDirectMatchesTree(value)
        }
        for length in 150...260 {
            var value = ManyThings()
            value.blob = Data(repeating: 1, count: length)
            try expectDirectMatchesTree(value)
        }
    }

    @Test func referenceWidthIsTheNarrowestThatNumbersEveryObject() throws {
        for (count, width) in [(10, 1), (300, 2), (70_000, 4)] {
            var value = ManyThings()
            value.numbers = Array(0..<count)
            let bytes = try AutoArchiver.archive(value, format: .binary)
            #expect(bytes[bytes.count - 32 + 7] == UInt8(width), "\(count) numbers")
        }
    }

    @Test func bytesDoNotDependOnEarlierArchivesOfTheSameType() throws {
        struct Sized: AutoCodable { var numbers: [Int] = [] }
        let small = Sized(numbers: [1, 2, 3])
        let fresh = try AutoArchiver.archive(small, format: .binary)
        _ = try AutoArchiver.archive(Sized(numbers: Array(0..<5_000)), format: .binary) // learns a large size hint
        #expect(try AutoArchiver.archive(small, format: .binary) == fresh)
        let freshXML = try AutoArchiver.archive(small, format: .xml)
        _ = try AutoArchiver.archive(Sized(numbers: Array(0..<5_000)), format: .xml)
        #expect(try AutoArchiver.archive(small, format: .xml) == freshXML)
    }

    @Test func equalStringsAndKeysAreStoredOnce() throws {
        var value = ManyThings()
        value.words = Array(repeating: "same", count: 100)
        let bytes = try AutoArchiver.archive(value, format: .binary)
        let occurrences = bytes.windows(ofCount: 4).filter { $0.elementsEqual("same".utf8) }.count
        #expect(occurrences == 1)
    }

    @Test func errorsFromTheDirectPathCarryTheSamePaths() throws {
        let node = Node()
        node.next = node
        defer { node.next = nil }
        let cycle = try #require(throws: AutoCodingError.self) { try AutoArchiver.archive(node, format: .binary) }
        #expect(cycle.kind == .cycle && cycle.pathDescription == "Node.next")
    }
}

private extension Data {
    func windows(ofCount count: Int) -> [Data] {
        guard self.count >= count else { return [] }
        return (0...(self.count - count)).map { self[(startIndex + $0)..<(startIndex + $0 + count)] }
    }
}
