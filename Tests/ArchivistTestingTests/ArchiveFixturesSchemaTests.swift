import Archivist
import ArchivistTesting
import Foundation
import Testing
import TestSupport

@Suite struct ArchiveFixturesSchemaTests {
    @Test func aCompatibleChangeFailsWithTheDiffAndRecordsTheNextVersion() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try FixtureSeeding.seed(ShopV1.Order.sample, as: "ShopV2.Order", oldRecord: "ShopV1.Order", in: directory.url)
        let old = try contents(of: directory.url)

        let line: UInt = #line + 1
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(ShopV2.Order.sample, directory: directory.url)
        }
        #expect(error.kind == .schemaChanged)
        #expect(error.line == line)
        #expect(error.description.hasPrefix(
            "\(#filePath):\(line): error: ShopV2.Order's archived schema changed since fixture v1 (ShopV2.Order-v1.manifest.json)\n"))
        #expect(error.fixturePath == directory.file("ShopV2.Order-v1.manifest.json").path)
        let headlines = error.notes.filter { !$0.hasPrefix("    ") }
        #expect(headlines == [
            "~ ShopV2.Order.buyer: renamed from `customer`, key \"customer\" kept",
            "+ ShopV2.Order.lines[].price: Double (added, key \"price\")",
            "+ ShopV2.Order.express: Bool (added, key \"express\")",
            "- ShopV2.Order.note: String (removed, key \"note\")",
            "old data: every recorded fixture (v1) still decodes into the current type",
            "recorded fixture v2: ShopV2.Order-v2.binary.plist, ShopV2.Order-v2.xml.plist, ShopV2.Order-v2.manifest.json; "
                + "v1 is kept. Commit them; the next run checks against v2",
        ])
        #expect(error.notes.contains { $0.contains("`express` keeps the default init() gives it") })

        // The old version is untouched; the new one is recorded beside it.
        let after = try contents(of: directory.url)
        for (name, data) in old { #expect(after[name] == data, "\(name) changed") }
        #expect(Set(after.keys).subtracting(old.keys)
                == ["ShopV2.Order-v2.binary.plist", "ShopV2.Order-v2.xml.plist", "ShopV2.Order-v2.manifest.json"])

        // The next run checks both versions and passes.
        let report = try ArchiveFixtures.check(ShopV2.Order.sample, directory: directory.url)
        #expect(report.checkedVersions == [1, 2])
        #expect(report.recordedFiles.isEmpty)
    }

    @Test func aRetypedPropertySaysOldDataNoLongerLoads() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try FixtureSeeding.seed(ShopV1.Order.sample, as: "ShopV3.Order", oldRecord: "ShopV1.Order", in: directory.url)
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(ShopV3.Order.sample, directory: directory.url)
        }
        #expect(error.kind == .schemaChanged)
        #expect(error.notes.contains("~ ShopV3.Order.lines[].qty: Int → String (retyped, key \"qty\")"))
        #expect(error.notes.contains("old data does NOT load:"))
        #expect(error.notes.contains {
            $0.hasPrefix("  ShopV3.Order-v1.binary.plist: Order.lines[0].qty:") && $0.contains("expected string")
        }, "\(error)")

        // v2 is recorded, but v1 still fails until a migration makes it load.
        let next = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(ShopV3.Order.sample, directory: directory.url)
        }
        #expect(next.kind == .fixtureDoesNotDecode)
        #expect(next.notes.count == 3)
        #expect(next.notes.last?.contains("autoCodingMigrate(from:tree:)") == true)
    }

    @Test func aRenameWithoutAKeysEntryIsSuggested() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try FixtureSeeding.seed(ShopV1.Order.sample, as: "ShopV4.Order", oldRecord: "ShopV1.Order", in: directory.url)
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(ShopV4.Order.sample, directory: directory.url)
        }
        #expect(error.notes.contains("+ ShopV4.Order.remark: String (added, key \"remark\")"))
        #expect(error.notes.contains("- ShopV4.Order.note: String (removed, key \"note\")"))
        #expect(error.notes.contains(
            "? ShopV4.Order.remark looks like ShopV4.Order.note renamed: to keep old values, add \"remark\": \"note\" to autoCodingKeys"))
    }
}

/// ``ShopV1`` with `note` renamed to `remark` and no `autoCodingKeys` entry.
enum ShopV4 {
    struct Order: AutoCodable, Equatable {
        var id = 0
        var customer = ""
        var lines: [ShopV1.Line] = []
        var remark = ""

        static let sample = Order(id: 7, customer: "Ada", lines: [], remark: "ring twice")
    }
}
