import Archivist
import ConsumerApp
import Foundation
import Testing

/// What the README's "Using AutoCoding with Codable and NSCoding" promises, from an app target
/// (default `MainActor` isolation, public API only).
@Suite struct CodableBridgeTests {
    @Test func theReadmeSnippetsPrintWhatTheReadmeShows() throws {
        let outcome = try readmeCodableSample()
        #expect(outcome.preferencesJSON == #"{"lastOpened":null,"theme":"light","volume":5}"#)
        #expect(outcome.oldVolume == 7)
        #expect(outcome.oldTheme == "light")
        #expect(outcome.invoiceJSON == #"{"amount":100,"currency":"EUR","total":119}"#)
        #expect(outcome.invoiceBackAmount == 100)
        #expect(outcome.wrongValueDescription == "Preferences.volume: Expected to decode Int but found a string instead.")
    }

    @Test func aSubclassOfAClassWithTheOneLineInitializerRoundTripsThroughJSON() throws {
        let note = PinnedNote()
        note.text = "milk"
        note.pinnedAt = 3
        let back = try JSONDecoder().decode(PinnedNote.self, from: JSONEncoder().encode(note))
        #expect(back.text == "milk")
        #expect(back.pinnedAt == 3)
        let plain = try JSONDecoder().decode(SharedNote.self, from: Data(#"{"text":"eggs","extra":1}"#.utf8))
        #expect(plain.text == "eggs")
    }

    @Test func bridgedModelsStillArchiveAsBefore() throws {
        let note = PinnedNote()
        note.text = "bread"
        let copy = try AutoArchiver.unarchive(PinnedNote.self, from: AutoArchiver.archive(note, format: .binary))
        #expect(copy.text == "bread")
    }
}
