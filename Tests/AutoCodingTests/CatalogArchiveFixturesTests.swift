import ArchivistTesting
import AutoCoding
import Foundation
import Testing

/// Archivist's own fixture type under `ArchiveFixtures`, as a user's model would be: its fixtures
/// and manifest live in `Fixtures/AutoCoding/ArchiveFixtures/FixtureCatalog` (with the repository's
/// other fixtures, so through the entry point that takes a directory), recorded by the first run
/// and committed. A change to `FixtureCatalog`'s schema fails here with the diff and records v2.
@Suite struct CatalogArchiveFixturesTests {
    static let directory = FixtureTests.directory.appendingPathComponent("ArchiveFixtures/FixtureCatalog")

    init() throws {
        try FixtureCatalog.registerTypes()
    }

    @Test func theCatalogStillReadsEveryRecordedFixture() throws {
        let report = try ArchiveFixtures.check(FixtureCatalog.sample, directory: Self.directory)
        #expect(report.recordedFiles.isEmpty, "recorded \(report.recordedFiles): commit them")
        #expect(report.checkedVersions == Array(1...report.newestVersion))
    }

    @Test func theCoordinateComparesWithEquality() throws {
        try ArchiveFixtures.check(FixtureCoordinate(lat: 59.9139, lon: 10.7522), directory: Self.directory,
                                  formats: [.xml])
    }
}
