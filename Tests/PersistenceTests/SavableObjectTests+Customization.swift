import AutoCoding
import Foundation
import Persistence
import PropertyList
import Testing

/// Overrides the transient properties without `super`: `archiveURL` (SavableObject's) stays transient.
final class Scratchpad: SavableObject {
    var text = ""
    var cursor = 0
    required init() { super.init() }

    override class var autoCodingTransientProperties: Set<String> { ["cursor"] }
}

/// Renames a property by overriding SavableObject's `class var autoCodingKeys`.
final class RenamedNote: SavableObject {
    var title = ""
    required init() { super.init() }

    override class var autoCodingKeys: [String: String] { ["title": "heading"] }
}

/// Optionals of every depth in a saved file.
final class Questionnaire: SavableObject {
    var nickname: String? = "none"
    var answer: Int?? = .some(.some(1))
    required init() { super.init() }
}

extension SavableObjectTests {
    @Test func aSubclassOverridingTransientPropertiesWithoutSuperStillSkipsArchiveURL() throws {
        let directory = try TemporaryDirectoryHolder()
        let pad = Scratchpad(archiveURL: directory.url.appendingPathComponent("pad.plist"))
        pad.text = "draft"
        pad.cursor = 3
        try pad.save()
        let tree = try PropertyListValue(from: Data(contentsOf: pad.archiveURL))
        #expect(tree.dictionaryValue?.keys == ["$type", "text"])
        let loaded = try Scratchpad.load(from: pad.archiveURL)
        #expect(loaded.text == "draft" && loaded.cursor == 0 && loaded.archiveURL == pad.archiveURL)
    }

    @Test func aSubclassesOwnKeyRenamesAreUsedInItsFile() throws {
        let directory = try TemporaryDirectoryHolder()
        let note = RenamedNote(archiveURL: directory.url.appendingPathComponent("note.plist"))
        note.title = "Sintra"
        try note.save()
        let tree = try PropertyListValue(from: Data(contentsOf: note.archiveURL))
        #expect(tree["heading"] == "Sintra")
        #expect(tree["title"] == nil)
        #expect(try RenamedNote.load(from: note.archiveURL).title == "Sintra")
    }

    @Test(arguments: [Int??.none, .some(.none), .some(.some(5))])
    func nilAndNestedOptionalsRoundTripThroughASavedFile(_ answer: Int??) throws {
        let directory = try TemporaryDirectoryHolder()
        let sheet = Questionnaire(archiveURL: directory.url.appendingPathComponent("sheet.plist"))
        sheet.nickname = nil
        sheet.answer = answer
        try sheet.save()
        let loaded = try Questionnaire.load(from: sheet.archiveURL)
        #expect(loaded.nickname == nil)
        #expect(loaded.answer == answer)
    }

    @Test func aFileOfOneSubclassLoadedAsAnUnrelatedOneIsATypeMismatchNamingBoth() throws {
        let directory = try TemporaryDirectoryHolder()
        let pad = Scratchpad(archiveURL: directory.url.appendingPathComponent("pad.plist"))
        try pad.save()
        let error = try #require(throws: PersistenceError.self) { try RenamedNote.load(from: pad.archiveURL) }
        #expect(error.kind == .typeMismatch)
        #expect("\(error)".contains("Scratchpad") && "\(error)".contains("RenamedNote"))
    }
}
