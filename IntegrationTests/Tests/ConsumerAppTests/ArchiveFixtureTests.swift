import Archivist
import ArchivistTesting
import ConsumerApp
import Foundation
import Testing

/// What the README's "Testing your archives" promises, from an app's test target: the app's models
/// pinned by `ArchiveFixtures.check`, whose first run recorded the files in `Fixtures/` (committed).
/// A schema change to one of these models fails here with the diff.
@Suite struct ArchiveFixtureTests {
    private static func entry() -> JournalEntry {
        let entry = JournalEntry()
        entry.title = "First light"
        entry.wordCount = 412
        entry.tags = ["morning", "harbour"]
        entry.written = Date(timeIntervalSinceReferenceDate: 800_000_000)
        entry.nickname = nil
        entry.rating = .some(nil)
        return entry
    }

    @Test func journalEntriesSavedByEarlierVersionsStillLoad() throws {
        let report = try ArchiveFixtures.check(Self.entry(), in: "Fixtures/JournalEntry", formats: [.binary, .xml])
        #expect(report.recordedFiles.isEmpty, "recorded \(report.recordedFiles): commit them")
    }

    @Test func observableCardsSavedByEarlierVersionsStillLoad() throws {
        let card = TaskCard(id: UUID(uuidString: "5E1F0000-0000-4000-8000-000000000001")!)
        card.title = "Ship it"
        card.tags = ["release"]
        let report = try ArchiveFixtures.check(card, in: "Fixtures/TaskCard", formats: [.binary])
        #expect(report.recordedFiles.isEmpty, "recorded \(report.recordedFiles): commit them")
    }
}
