import Archivist
import ArchivistTesting
import Foundation
import Testing
import TestSupport

/// ``ShopV1/Order`` under another name, with exactly its properties.
struct RenamedOrder: AutoCodable, Equatable {
    var id = 0
    var customer = ""
    var lines: [ShopV1.Line] = []
    var note = ""

    static let sample = RenamedOrder(id: 7, customer: "Ada", lines: [], note: "")
}

/// ``RenamedOrder`` registered with the old name its archives recorded as an alias.
struct AliasedOrder: AutoCodable, Equatable {
    var id = 0
    var customer = ""
    var lines: [ShopV1.Line] = []
    var note = ""

    static let sample = AliasedOrder(id: 7, customer: "Ada", lines: [ShopV1.Line(sku: "tea", qty: 2)], note: "ring twice")
}

@Suite struct ArchiveFixturesRenameTests {
    @Test func aTypeWithAnotherTypesExactPropertiesAsksWhetherItWasRenamed() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        let before = try contents(of: directory.url)
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(RenamedOrder.sample, directory: directory.url)
        }
        #expect(error.kind == .schemaChanged)
        #expect(error.message == "RenamedOrder has no fixtures, but ShopV1.Order's in the same directory "
                + "(ShopV1.Order-v1.manifest.json) list exactly its properties: was ShopV1.Order renamed?")
        #expect(error.notes.first?.contains("aliases: [\"ShopV1.Order\"]") == true)
        #expect(try contents(of: directory.url) == before)
    }

    @Test func aRegisteredOldNameKeepsCheckingTheOldFixtures() throws {
        try AutoCodingRegistry.register(AliasedOrder.self, as: "test.aliased-order", aliases: ["LegacyOrder"])
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try FixtureSeeding.seed(ShopV1.Order.sample, as: "LegacyOrder", oldRecord: "ShopV1.Order", in: directory.url)
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(AliasedOrder.sample, directory: directory.url)
        }
        #expect(error.kind == .schemaChanged)
        #expect(error.notes.first == "~ type record \"LegacyOrder\" → \"test.aliased-order\" (the type was renamed)")
        #expect(error.notes.contains("old data: every recorded fixture (v1) still decodes into the current type"))
        #expect(FileManager.default.fileExists(atPath: directory.file("LegacyOrder-v2.manifest.json").path))

        let report = try ArchiveFixtures.check(AliasedOrder.sample, directory: directory.url)
        #expect(report.checkedVersions == [1, 2])
        #expect(report.recordedFiles.isEmpty)
    }
}
