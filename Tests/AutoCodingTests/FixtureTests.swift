import AutoCoding
import Foundation
import PropertyList
import Testing
import TestSupport

/// The compatibility contract: archives written by every version decode, field by field, and the
/// current version's archives re-encode to the same bytes. Set ARCHIVIST_WRITE_FIXTURES=1 to write
/// the current version's files (earlier versions' files are never rewritten).
@Suite(.serialized) struct FixtureTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/AutoCoding")

    /// Version 1: written before archives recorded their root type and `nil`.
    static let firstVersionFiles: [(name: String, format: PropertyListFormat)] = [
        ("catalog.binary.plist", .binary), ("catalog.xml.plist", .xml),
    ]

    /// Version 2, the current layout: the root's `$type`, `nil` as `$null`.
    static let files: [(name: String, format: PropertyListFormat)] = [
        ("catalog-v2.binary.plist", .binary), ("catalog-v2.xml.plist", .xml),
    ]

    init() throws {
        try FixtureCatalog.registerTypes()
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["ARCHIVIST_WRITE_FIXTURES"] == "1"))
    func writeFixtures() throws {
        for file in Self.files {
            let data = try AutoArchiver.archive(FixtureCatalog.sample, format: file.format)
            try data.write(to: Self.directory.appendingPathComponent(file.name))
        }
    }

    private func load(_ name: String) throws -> Data {
        try Data(contentsOf: Self.directory.appendingPathComponent(name))
    }

    @Test(arguments: (firstVersionFiles + files).map(\.name))
    func fixtureDecodesWithEveryField(_ name: String) throws {
        let catalog = try AutoArchiver.unarchive(FixtureCatalog.self, from: try load(name))
        let expected = FixtureCatalog.sample
        #expect(catalog.id == expected.id)
        #expect(catalog.name == expected.name)
        #expect(catalog.tiny == expected.tiny)
        #expect(catalog.huge == expected.huge)
        #expect(catalog.ratio == expected.ratio)
        #expect(catalog.flag == expected.flag)
        #expect(catalog.created == expected.created)
        #expect(catalog.blob == expected.blob)
        #expect(catalog.homepage == expected.homepage)
        #expect(catalog.uuid == expected.uuid)
        #expect(catalog.price == expected.price)
        #expect(catalog.mood == expected.mood)
        #expect(catalog.location == expected.location)
        #expect(catalog.missing == nil)
        #expect(catalog.present == "here")
        #expect(catalog.tags == expected.tags)
        #expect(catalog.counts == expected.counts)
        #expect(catalog.labels == expected.labels)
        #expect(catalog.matrix == expected.matrix)
        #expect(catalog.history == expected.history)
        #expect(catalog.items.count == 2)
        #expect(type(of: catalog.items[0]) == FixtureItem.self)
        #expect(catalog.items[0].title == "plain" && catalog.items[0].weight == 1.5)
        let book = try #require(catalog.items[1] as? FixtureBook)
        #expect(book.title == "book" && book.weight == 0.25 && book.pages == 321 && book.isbn == "978-0-00-000000-0")
        #expect(catalog.sticker as? FixtureSticker == FixtureSticker(color: "blue"))
    }

    @Test(arguments: files)
    func fixtureReencodesByteIdentically(_ name: String, _ format: PropertyListFormat) throws {
        let original = try load(name)
        let catalog = try AutoArchiver.unarchive(FixtureCatalog.self, from: original)
        #expect(try AutoArchiver.archive(catalog, format: format) == original)
    }

    @Test func fixtureTreeIsWhatTheDocumentedLayoutSays() throws {
        let tree = try PropertyListValue(from: try load("catalog.binary.plist"))
        #expect(tree["$version"] == 1)
        #expect(tree["missing"] == nil)
        #expect(tree["tags"] == ["a", "b", "c"])
        #expect(tree["labels"]?.dictionaryValue?.keys == ["-1", "2", "10"])
        #expect(tree["items"]?[1]?["$type"] == "fixture.book")
        #expect(tree["sticker"]?["$type"] == "fixture.sticker")
        #expect(tree["mood"] == "busy")
        #expect(tree["history"]?[1] == ["renamed": ["from": "old", "to": "new"]])
    }

    @Test func theCurrentLayoutRecordsTheRootTypeAndNil() throws {
        let tree = try PropertyListValue(from: try load("catalog-v2.binary.plist"))
        #expect(tree.dictionaryValue?.keys.first == "$type")
        #expect(tree["$type"] == "FixtureCatalog")
        #expect(tree["missing"] == "$null")
        #expect(tree["present"] == "here")
        #expect(tree["items"]?[1]?["$type"] == "fixture.book")
        #expect(tree["items"]?[1]?["isbn"] == "978-0-00-000000-0")
        #expect(tree["items"]?[0]?["$type"] == nil)
    }

    @Test(arguments: firstVersionFiles.map(\.name))
    func firstVersionFixturesHaveNoRootTypeRecordAndStillDecode(_ name: String) throws {
        let data = try load(name)
        let tree = try PropertyListValue(from: data)
        #expect(tree["$type"] == nil)
        #expect(tree["missing"] == nil) // nil was left out before it was recorded
        let catalog = try AutoArchiver.unarchive(FixtureCatalog.self, from: data)
        #expect(catalog.name == FixtureCatalog.sample.name)
        #expect(catalog.missing == nil)
    }

    @Test func foundationReadsTheBinaryFixture() throws {
        // Independent reader: Foundation's PropertyListSerialization sees the same tree.
        let data = try load("catalog.binary.plist")
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(PropertyListValue(foundationObject: object) == (try PropertyListValue(from: data)))
    }

    /// A second independent reader; skipped, saying why, when no usable python3 is found.
    @Test(.enabled(if: PythonOracle.isAvailable, "plistlib oracle unavailable: \(PythonOracle.unavailableReason)"))
    func pythonPlistlibReadsTheBinaryFixture() throws {
        let python = try #require(PythonOracle.shared).executable
        let process = Process()
        process.executableURL = python
        let path = Self.directory.appendingPathComponent("catalog.binary.plist").path
        process.arguments = ["-c", """
            import plistlib, sys
            d = plistlib.load(open(sys.argv[1], 'rb'))
            print(d['name'], d['huge'], d['items'][1]['$type'], d['items'][1]['pages'], sorted(d['labels']))
            """, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output == "Bibliothèque — 図書館 📚 18446744073709551615 fixture.book 321 ['-1', '10', '2']\n")
    }
}
