import AutoCoding
import Foundation
import PropertyList
import TestSupport
import Testing

/// Unarchiving XML archives decodes fields straight from the scanner's index; it must agree with
/// decoding the document's tree in every outcome — values, unknown keys, nil markers, errors and
/// their paths — and stay safe on hostile files.
@Suite struct XMLArchiveReaderTests {
    /// XML bytes of an arbitrary tree, written by the PropertyList module's writer.
    private func bytes(_ tree: PropertyListValue) throws -> Data {
        try XMLPropertyListWriter().write(tree)
    }

    private func expectSameAsTree<T: AutoCodable>(_ type: T.Type, _ tree: PropertyListValue) throws {
        let direct = try AutoArchiver.unarchive(T.self, from: bytes(tree))
        let viaTree = try AutoArchiver.decode(T.self, from: tree)
        #expect(identical(try AutoArchiver.encodeTree(direct), try AutoArchiver.encodeTree(viaTree)), "\(T.self)")
    }

    /// The outcome of reading `data` as `T` straight from XML and through its tree: the re-encoded
    /// value, or the error's description.
    private func outcomes<T: AutoCodable>(_ type: T.Type, _ data: Data) -> (direct: String, viaTree: String) {
        func describe(_ body: () throws -> T) -> String {
            do {
                return "\(try AutoArchiver.encodeTree(try body()))"
            } catch {
                return "error: \(error)"
            }
        }
        let direct = describe { try AutoArchiver.unarchive(T.self, from: data) }
        let tree: PropertyListValue
        do {
            tree = try PropertyListValue(from: data)
        } catch {
            // What AutoArchiver said before XML was read without a tree.
            return (direct, "error: \(T.self): the archive is not a readable property list: \(error)")
        }
        return (direct, describe { try AutoArchiver.decode(T.self, from: tree) })
    }

    @Test func directReadingAgreesWithTreeDecoding() throws {
        try FixtureCatalog.registerTypes()
        try expectSameAsTree(Scalars.self, AutoArchiver.encodeTree(Scalars.sample))
        try expectSameAsTree(Collections.self, AutoArchiver.encodeTree(Collections.sample))
        try expectSameAsTree(Optionals.self, AutoArchiver.encodeTree(Optionals()))
        try expectSameAsTree(Company.self, AutoArchiver.encodeTree(
            Company(name: "c", people: (0..<12).map(Person.sample), orders: (0..<3).map(Order.sample))))
        try expectSameAsTree(Drawing.self, AutoArchiver.encodeTree(
            Drawing(title: "d", shapes: [.circle(radius: 1), .rectangle(width: 1, height: 2)], background: .empty)))
        try expectSameAsTree(Wrapped.self, AutoArchiver.encodeTree(Wrapped.sample))
        try expectSameAsTree(FixtureCatalog.self, AutoArchiver.encodeTree(FixtureCatalog.sample))
    }

    @Test(arguments: Fixtures.names(in: "PropertyList/valid", endingWith: ".xml.plist").map { "PropertyList/valid/\($0)" }
            + Fixtures.names(in: "AutoCoding", endingWith: ".xml.plist").map { "AutoCoding/\($0)" }
            + Fixtures.names(in: "KeyedArchive", endingWith: ".xml.plist").map { "KeyedArchive/\($0)" })
    func everyXMLFixtureReadsTheSameDirectlyAndThroughItsTree(_ path: String) throws {
        try FixtureCatalog.registerTypes()
        let data = try Fixtures.data(path)
        // A type that claims a few keys and keeps the rest as unknown entries reads any dictionary.
        let settings = outcomes(Settings.self, data)
        #expect(settings.direct == settings.viaTree, "\(path)")
        let catalog = outcomes(FixtureCatalog.self, data)
        #expect(catalog.direct == catalog.viaTree, "\(path)")
    }

    @Test(arguments: Fixtures.names(in: "PropertyList/malformed", endingWith: ".plist").filter { $0.hasPrefix("xml-") })
    func malformedXMLIsAnErrorNotACrash(_ name: String) throws {
        let data = try Fixtures.data("PropertyList/malformed/\(name)")
        // The depth fixtures nest 600 deep: beyond the limit of 512 they were made for.
        let options = name.contains("depth") ? PropertyListReadingOptions(maximumDepth: 512) : .default
        let error = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(Settings.self, from: data, options: options)
        }
        #expect(error.kind == .corruptArchive, "\(name)")
        guard options == .default else { return }
        let both = outcomes(Settings.self, data)
        #expect(both.direct == both.viaTree, "\(name)")
    }

    @Test func readsWhatTheTreeReadsForUnusualSpellings() throws {
        // Repeated keys (first position, last value), entities and CDATA in keys and values, the nil
        // marker spelled with a character reference, a key only canonically equal to a property
        // name (KELVIN SIGN for K), a one-entry CF$UID dictionary, comments between elements.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>volume</key><integer>1</integer>
              <key>th&#x65;me</key><string><![CDATA[da]]>rk &amp; &lt;bold&gt;</string>
              <key>volume</key><integer>7</integer>
              <!-- a comment --><key>addedLater</key><string>$n&#117;ll</string>
              <key>\u{212A}</key><string>kelvin</string>
              <key>ref</key><dict><key>CF$UID</key><integer>3</integer></dict>
              <key>empty</key><dict/>
              <key>list</key><array><true/><false/><real>2.5</real><date>2001-01-01T00:00:00Z</date><data>AAEC</data></array>
            </dict></plist>
            """
        let both = outcomes(Settings.self, Data(xml.utf8))
        #expect(both.direct == both.viaTree)
        let settings = try AutoArchiver.unarchive(Settings.self, from: Data(xml.utf8))
        #expect(settings.volume == 7 && settings.theme == "dark & <bold>")
        #expect(settings.unknown?["ref"] == .uid(3))
        #expect(settings.unknown?.keys == ["\u{212A}", "ref", "empty", "list"])
        let kelvin = outcomes(KelvinHolder.self, Data(xml.utf8))
        #expect(kelvin.direct == kelvin.viaTree)
    }

    @Test func keysInAnyOrderUnknownKeysAndMissingKeysBehaveAsInTheTreePath() throws {
        let tree: PropertyListValue = ["extra": [1, 2], "theme": "dark", "volume": 4, "futureFlag": true]
        let settings = try AutoArchiver.unarchive(Settings.self, from: bytes(tree))
        #expect(settings.volume == 4 && settings.theme == "dark" && settings.addedLater == "fresh default")
        #expect(settings.unknown == ["extra": [1, 2], "futureFlag": true])
    }

    @Test func migrationsRunOnTheRawTree() throws {
        let version0: PropertyListValue = ["name": "Grace Hopper", "mail": "grace@example.com", "loginCount": "7"]
        let profile = try AutoArchiver.unarchive(Profile.self, from: bytes(version0))
        #expect(profile.email == "grace@example.com" && profile.loginCount == 7 && profile.cachedInitials == "GH")
    }

    @Test func errorsNameTheSamePathAsTheTreePath() throws {
        let order = Order.sample(1)
        order.lines = (0..<5).map { LineItem(sku: "s\($0)", qty: $0, price: 1) }
        let tree = try AutoArchiver.encodeTree(order).replacing(["lines", 3, "qty"], with: "three")
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.unarchive(Order.self, from: bytes(tree)) }
        #expect(error.description == "Order.lines[3].qty: expected integer, found string")
        let range = try #require(throws: AutoCodingError.self) { try AutoArchiver.unarchive(Narrow.self, from: bytes(["small": 300])) }
        #expect(range.kind == .integerOutOfRange && range.pathDescription == "Narrow.small")
        let unknownType = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(Garage.self, from: bytes(["favorite": ["$type": "test.nothing"]]))
        }
        #expect(unknownType.kind == .unknownTypeName && unknownType.pathDescription == "Garage.favorite")
    }

    @Test func deepNestingGivesTheDepthError() throws {
        let head = Node()
        var tail = head
        for _ in 0..<50 {
            let next = Node()
            tail.next = next
            tail = next
        }
        let data = try AutoArchiver.archive(head, format: .xml)
        let deep = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(Node.self, from: data, options: PropertyListReadingOptions(maximumDepth: 10))
        }
        #expect(deep.kind == .corruptArchive && deep.reason.contains("containers nest deeper than the limit of 10"))
        #expect(try AutoArchiver.unarchive(Node.self, from: data).next?.next != nil)
        // Far past the default limit, the document is refused before anything is decoded.
        let depth = PropertyListReadingOptions.defaultMaximumDepth + 1
        let nested = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        let tooDeep = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(Settings.self, from: Data(("<plist>" + nested + "</plist>").utf8))
        }
        #expect(tooDeep.kind == .corruptArchive && tooDeep.reason.contains("deeper than the limit"))
    }

    @Test func randomModelsRoundTrip() throws {
        var random = SeededRandom(seed: 0x5EED_0011)
        for round in 0..<40 {
            let people = (0..<Int(random.next() % 6)).map { _ in Person.sample(Int(random.next() % 1000) + round) }
            let orders = (0..<Int(random.next() % 4)).map { _ in Order.sample(Int(random.next() % 1000)) }
            let company = Company(name: "c\(round) & <co>", people: people, orders: orders)
            let data = try AutoArchiver.archive(company, format: .xml)
            #expect(try AutoArchiver.unarchive(Company.self, from: data) == company)
            let both = outcomes(Company.self, data)
            #expect(both.direct == both.viaTree)
        }
    }

    @Test func randomTreesReadAsUnknownEntriesAsTheTreePathReadsThem() throws {
        for (index, tree) in RandomPropertyListGenerator.trees(count: 150, seed: 0xA11C_E5, profile: .xmlSafe).enumerated() {
            let root: PropertyListValue = ["payload": tree, "volume": 3]
            let data = try bytes(root)
            let both = outcomes(Settings.self, data)
            #expect(both.direct == both.viaTree, "tree \(index)")
        }
    }

    @Test func everyTruncationOfAnArchiveFailsCleanly() throws {
        let data = try AutoArchiver.archive(Order.sample(2), format: .xml)
        for length in stride(from: 0, to: data.count, by: 11) {
            #expect(throws: AutoCodingError.self) { try AutoArchiver.unarchive(Order.self, from: data.prefix(length)) }
        }
    }

    @Test func singleByteCorruptionNeverCrashesAndAgreesWithTheTreePath() throws {
        let data = try AutoArchiver.archive(Order.sample(3), format: .xml)
        for position in stride(from: 0, to: data.count, by: 5) {
            var damaged = data
            damaged[position] ^= 0x5A
            let both = outcomes(Order.self, damaged)
            #expect(both.direct == both.viaTree, "byte \(position)")
        }
    }
}

/// A property whose archive key may be spelled with a canonically equivalent character.
private struct KelvinHolder: AutoCodable {
    var K = ""
}
