import Archivist
import ArchivistTesting
import Foundation
import Testing
import TestSupport

@Suite struct ArchiveFixturesFailureTests {
    @Test func aCorruptFixtureIsReportedWithItsFile() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        let file = directory.file("ShopV1.Order-v1.binary.plist")
        try Data("bplist00 and then garbage".utf8).write(to: file)
        let line: UInt = #line + 1
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        }
        #expect(error.kind == .corruptFixture)
        #expect(error.fixturePath == file.path)
        #expect(error.description.hasPrefix(
            "\(#filePath):\(line): error: fixture ShopV1.Order-v1.binary.plist is not a readable property list: "))
    }

    @Test func aCorruptOrMissingManifestIsReportedWithItsFile() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        let manifest = directory.file("ShopV1.Order-v1.manifest.json")
        try Data("{\"fixtureVersion\": 1}".utf8).write(to: manifest)
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        }
        #expect(error.kind == .corruptManifest)
        #expect(error.fixturePath == manifest.path)
        #expect(error.message.hasPrefix("the manifest ShopV1.Order-v1.manifest.json is not a fixture manifest: "))

        try FileManager.default.removeItem(at: manifest)
        let orphan = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        }
        #expect(orphan.kind == .unreadableFixture)
        #expect(orphan.message == "fixture ShopV1.Order-v1.binary.plist has no manifest ShopV1.Order-v1.manifest.json")
    }

    @Test func aMissingFixtureFileIsReported() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        try FileManager.default.removeItem(at: directory.file("ShopV1.Order-v1.xml.plist"))
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        }
        #expect(error.kind == .unreadableFixture)
        #expect(error.message == "fixture ShopV1.Order-v1.xml.plist is missing (its manifest lists it)")
    }

    @Test func anEquatableMismatchShowsTheValuesThatDiffer() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url)
        var changed = ShopV1.Order.sample
        changed.customer = "Bob"
        changed.lines[1].qty = 3
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(changed, directory: directory.url)
        }
        #expect(error.kind == .valueMismatch)
        #expect(error.message == "ShopV1.Order-v1.binary.plist decodes to a value different from the sample")
        #expect(Array(error.notes.prefix(3)) == [
            "ShopV1.Order-v1.binary.plist (recorded → sample):",
            "  ShopV1.Order.customer: \"Ada\" → \"Bob\"",
            "  ShopV1.Order.lines[1].qty: 1 → 3",
        ])
        #expect(error.notes.last?.contains("ARCHIVIST_RECORD=1") == true)
    }

    @Test func theDirectoryMustStayBelowTheTestFile() throws {
        for relative in ["../Elsewhere", "/tmp/fixtures", "Fixtures/../../Up", ""] {
            let error = try #require(throws: ArchiveFixtureError.self) {
                try ArchiveFixtures.check(ShopV1.Order.sample, in: relative)
            }
            #expect(error.kind == .invalidArguments)
        }
        let noFormat = try #require(throws: ArchiveFixtureError.self) {
            let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
            try ArchiveFixtures.check(ShopV1.Order.sample, directory: directory.url, formats: [])
        }
        #expect(noFormat.kind == .invalidArguments)
    }
}
