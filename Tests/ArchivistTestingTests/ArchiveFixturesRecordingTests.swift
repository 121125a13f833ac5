import Archivist
import ArchivistTesting
import Foundation
import Testing
import TestSupport

@Suite struct ArchiveFixturesRecordingTests {
    @Test func firstRunRecordsEveryFormatAndAManifest() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        let report = try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        let names = report.recordedFiles.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(names == ["ShopV1.Order-v1.binary.plist", "ShopV1.Order-v1.xml.plist", "ShopV1.Order-v1.manifest.json"])
        #expect(report.checkedVersions.isEmpty)
        #expect(report.newestVersion == 1)

        let binary = try Data(contentsOf: directory.file("ShopV1.Order-v1.binary.plist"))
        #expect(try AutoArchiver.unarchive(ShopV1.Order.self, from: binary) == ShopV1.Order.sample)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        let xml = try Data(contentsOf: directory.file("ShopV1.Order-v1.xml.plist"))
        #expect(try AutoArchiver.unarchive(ShopV1.Order.self, from: xml) == ShopV1.Order.sample)

        let manifest = try String(contentsOf: directory.file("ShopV1.Order-v1.manifest.json"), encoding: .utf8)
        #expect(manifest == """
            {
              "autoCodingVersion" : 0,
              "fixtureVersion" : 1,
              "formats" : [
                "binary",
                "xml"
              ],
              "properties" : [
                {
                  "key" : "id",
                  "name" : "id",
                  "type" : "Int"
                },
                {
                  "key" : "customer",
                  "name" : "customer",
                  "type" : "String"
                },
                {
                  "element" : "[]",
                  "key" : "lines",
                  "name" : "lines",
                  "properties" : [
                    {
                      "key" : "sku",
                      "name" : "sku",
                      "type" : "String"
                    },
                    {
                      "key" : "qty",
                      "name" : "qty",
                      "type" : "Int"
                    }
                  ],
                  "type" : "Array<ShopV1.Line>"
                },
                {
                  "key" : "note",
                  "name" : "note",
                  "type" : "String"
                }
              ],
              "type" : "ShopV1.Order"
            }

            """)
    }

    @Test func laterRunsDecodeTheRecordedFixturesAndWriteNothing() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        let before = try contents(of: directory.url)
        let report = try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        #expect(report.checkedVersions == [1])
        #expect(report.recordedFiles.isEmpty)
        #expect(try contents(of: directory.url) == before)
    }

    @Test func oneFormatRecordsOneFileAndAFormatAddedLaterJoinsTheNewestVersion() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        let first = try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url, formats: [.xml])
        #expect(first.recordedFiles.count == 2)
        let binary = try contents(of: directory.url).keys.sorted()
        #expect(binary == ["ShopV1.Order-v1.manifest.json", "ShopV1.Order-v1.xml.plist"])
        let second = try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url, formats: [.xml, .binary])
        #expect(second.recordedFiles.map { URL(fileURLWithPath: $0).lastPathComponent }
                == ["ShopV1.Order-v1.binary.plist", "ShopV1.Order-v1.manifest.json"])
        #expect(try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url).recordedFiles.isEmpty)
    }

    @Test func aTypeThatIsNotEquatableComparesArchivedTrees() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        let ledger = Ledger(owner: "Ada", balances: ["eur": 12])
        ledger.parent = Ledger(owner: "Bank", balances: [:])
        try ArchiveFixtures.check(ledger, directory: directory.url)
        #expect(try ArchiveFixtures.check(ledger, directory: directory.url).checkedVersions == [1])
        let manifest = try String(contentsOf: directory.file("Ledger-v1.manifest.json"), encoding: .utf8)
        // A recursive type is listed once: `parent` names its type without repeating its properties.
        #expect(manifest.contains("\"type\" : \"Optional<Ledger>\""))

        ledger.balances["eur"] = 13
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(ledger, directory: directory.url)
        }
        #expect(error.kind == .valueMismatch)
        #expect(error.notes.contains("  Ledger.balances.eur: 12 → 13"))
    }

    @Test func recordingAgainReplacesOnlyTheNewestVersion() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        var changed = ShopV1.Order.sample
        changed.customer = "Bob"
        let report = try ArchiveFixtures.check(changed, directory: directory.url, record: true)
        #expect(report.recordedFiles.count == 3)
        #expect(report.newestVersion == 1)
        let xml = try Data(contentsOf: directory.file("ShopV1.Order-v1.xml.plist"))
        #expect(try AutoArchiver.unarchive(ShopV1.Order.self, from: xml) == changed)
        #expect(try ArchiveFixtures.check(changed, directory: directory.url).checkedVersions == [1])
    }
}

/// Every file in `directory` by name, with its bytes.
func contents(of directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
    }
    return result
}
