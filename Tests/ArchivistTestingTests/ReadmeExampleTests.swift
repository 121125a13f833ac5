import Archivist
import ArchivistTesting
import Foundation
import Testing
import TestSupport

/// The failing check the README's "Testing your archives" shows, so the README prints what the
/// library prints.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeShowsTheSchemaDiffAsPrinted() throws {
        let directory = try TemporaryDirectory(prefix: "archivist-fixtures")
        try FixtureSeeding.seed(FirstReleaseOrder.sample, as: "Order", oldRecord: "FirstReleaseOrder", in: directory.url)
        let error = try #require(throws: ArchiveFixtureError.self) {
            try ArchiveFixtures.check(Order.sample, directory: directory.url, filePath: "OrderTests.swift", line: 12)
        }
        let printed = error.description
        print(printed)
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```\n" + printed + "\n```"), "README.md does not show the output as printed")
    }
}
