import ArchivistTesting
import AutoCoding
import Foundation
import Testing

/// Archivist's own fixture type under `ArchiveFixtures`, as a user's model would be: its fixtures
/// and manifest live in Fixtures/FixtureCatalog beside this file, recorded by the first run and
/// committed. A change to `FixtureCatalog`'s schema fails here with the diff and records v2.
@Suite struct CatalogArchiveFixturesTests {
    init() throws {
        try FixtureCatalog.registerTypes()
    }

    @Test func theCatalogStillReadsEveryRecordedFixture() throws {
        let report = try ArchiveFixtures.check(FixtureCatalog.sample, in: "Fixtures/FixtureCatalog")
        #expect(report.recordedFiles.isEmpty, "recorded \(report.recordedFiles): commit them")
        #expect(report.checkedVersions == Array(1...report.newestVersion))
    }

    @Test func theCoordinateComparesWithEquality() throws {
        try ArchiveFixtures.check(FixtureCoordinate(lat: 59.9139, lon: 10.7522), in: "Fixtures/FixtureCatalog",
                                  formats: [.xml])
    }
}
