import Archivist
import ConsumerApp
import Foundation
import Testing

/// The app's `SavableObject` subclass saves and loads itself in a directory of its own.
@Suite struct SavableObjectTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func sampleEntry(_ name: String) -> JournalEntry {
        let entry = JournalEntry(archiveURL: directory.file(name))
        entry.title = "Tram 28"
        entry.wordCount = 120
        entry.tags = ["lisbon", "dawn"]
        entry.written = Date(timeIntervalSinceReferenceDate: 800_000_000.5)
        entry.nickname = "tram"
        entry.rating = .some(.some(5))
        entry.cachedSummary = "stale"
        return entry
    }

    @Test func saveAndLoadRoundTripEveryKindOfProperty() throws {
        let entry = sampleEntry("entry.plist")
        let file = try entry.save()
        #expect(file.url == entry.archiveURL)
        let loaded = try JournalEntry.load(from: entry.archiveURL)
        #expect(loaded.title == "Tram 28")
        #expect(loaded.wordCount == 120)
        #expect(loaded.tags == ["lisbon", "dawn"])
        #expect(loaded.written == entry.written)
        #expect(loaded.nickname == "tram")
        #expect(loaded.rating == .some(.some(5)))
        #expect(loaded.cachedSummary == "Tram 28 (120 words)") // rebuilt by didLoad()
        #expect(loaded.archiveURL == entry.archiveURL)
    }

    @Test func backgroundSaveIsOnDiskAfterFlushingBackgroundSaves() throws {
        let entry = sampleEntry("background.plist")
        entry.saveInBackground()
        entry.title = "changed after the background save began"
        SavableObject.flushBackgroundSaves()
        // The object was archived when the save was asked for.
        #expect(try JournalEntry.load(from: entry.archiveURL).title == "Tram 28")
    }

    @Test func aDamagedFileIsCorrupt() throws {
        let entry = sampleEntry("damaged.plist")
        try entry.save()
        var bytes = try Data(contentsOf: entry.archiveURL)
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: entry.archiveURL)
        let error = try #require(throws: PersistenceError.self) { try JournalEntry.load(from: entry.archiveURL) }
        #expect(error.kind == .corrupt)
        #expect(error.path == entry.archiveURL.path)
    }

    @Test func nilPropertiesComeBackNil() throws {
        let entry = sampleEntry("nil.plist")
        entry.nickname = nil
        for rating in [Int??.none, .some(.none), .some(.some(5))] {
            entry.rating = rating
            try entry.save()
            let loaded = try JournalEntry.load(from: entry.archiveURL)
            // init() gives "none" and .some(.some(3)): the archived nil wins.
            #expect(loaded.nickname == nil)
            #expect(loaded.rating == rating)
        }
    }

    @Test func aFileOfOneSubclassLoadedAsAnotherIsATypeMismatchNamingBoth() throws {
        let entry = sampleEntry("entry-as-other.plist")
        try entry.save()
        let error = try #require(throws: PersistenceError.self) { try RenamedJournalEntry.load(from: entry.archiveURL) }
        #expect(error.kind == .typeMismatch)
        #expect(error.description.contains("JournalEntry"))
        #expect(error.description.contains("RenamedJournalEntry"))
    }

    @Test func aSubclassesOwnTransientPropertiesAreNotInTheFile() throws {
        let entry = sampleEntry("transient.plist")
        try entry.save()
        let tree = try PropertyListValue(from: Data(contentsOf: entry.archiveURL))
        #expect(tree["cachedSummary"] == nil)
        #expect(tree["archiveURL"] == nil) // SavableObject's own transient property stays transient
        #expect(tree["title"] == "Tram 28")
    }

    @Test func aSubclassesOwnKeyRenamesAreUsedInTheFile() throws {
        let entry = RenamedJournalEntry(archiveURL: directory.file("renamed.plist"))
        entry.title = "Sintra"
        entry.body = "palaces"
        try entry.save()
        let tree = try PropertyListValue(from: Data(contentsOf: entry.archiveURL))
        #expect(tree["heading"] == "Sintra")
        #expect(tree["title"] == nil)
        #expect(try RenamedJournalEntry.load(from: entry.archiveURL).title == "Sintra")
    }
}
