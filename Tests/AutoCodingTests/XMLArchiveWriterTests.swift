import AutoCoding
import Foundation
import PropertyList
import Testing

struct Deep: AutoCodable {
    var level = 0
    var blob = Data()
    var child: [Deep] = []
    var text = ""
}

/// The direct XML writer must produce exactly what `XMLPropertyListWriter` writes for the engine's
/// tree: byte for byte, for every test type.
@Suite struct XMLArchiveWriterTests {
    private func expectDirectMatchesTreeWriter<T: AutoCodable>(_ value: T) throws {
        let direct = try AutoArchiver.archive(value, format: .xml)
        let viaTree = try XMLPropertyListWriter().write(try AutoArchiver.encodeTree(value))
        #expect(direct == viaTree, "\(T.self):\n\(String(decoding: direct, as: UTF8.self))")
    }

    @Test func directOutputIsByteIdenticalToTheTreeWriter() throws {
        try expectDirectMatchesTreeWriter(Scalars.sample)
        try expectDirectMatchesTreeWriter(Scalars())
        try expectDirectMatchesTreeWriter(Collections.sample)
        try expectDirectMatchesTreeWriter(Collections())
        try expectDirectMatchesTreeWriter(Optionals()) // every optional nil but one
        var empty = Optionals()
        empty.name = nil
        try expectDirectMatchesTreeWriter(empty) // an empty dictionary: <dict/>
        try expectDirectMatchesTreeWriter(Company(name: "c", people: (0..<10).map(Person.sample), orders: (0..<3).map(Order.sample)))
        try expectDirectMatchesTreeWriter(Drawing(title: "d", shapes: [.circle(radius: 1), .empty], background: .polygon([1])))
        try expectDirectMatchesTreeWriter(Wrapped.sample)
        try FixtureCatalog.registerTypes()
        try expectDirectMatchesTreeWriter(FixtureCatalog.sample)
    }

    @Test func escapingAndDeepDataIndentationMatch() throws {
        var value = Deep()
        value.text = "a < b & c > d\r\n\ttab \"quoted\" 'single' ￼"
        var node = value
        for level in 1...11 {
            var inner = Deep()
            inner.level = level
            inner.blob = Data((0..<UInt8(level * 9)).map { $0 })
            inner.child = [node]
            node = inner
        }
        try expectDirectMatchesTreeWriter(node)
    }

    @Test func charactersXMLCannotHoldAreErrorsWithThePath() throws {
        var value = Deep()
        value.child = [Deep(level: 1, blob: Data(), child: [], text: "bell \u{7}")]
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.archive(value, format: .xml) }
        #expect(error.kind == .unrepresentable)
        #expect(error.pathDescription == "Deep.child[0].text")
    }

    @Test func specialRealsAndExtremeIntegersMatch() throws {
        var value = Scalars.sample
        value.double = .infinity
        value.float = -.infinity
        value.int64 = .min
        try expectDirectMatchesTreeWriter(value)
        value.double = -0.0
        value.float = .nan
        try expectDirectMatchesTreeWriter(value)
    }
}
