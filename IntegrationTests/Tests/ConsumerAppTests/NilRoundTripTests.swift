import Archivist
import ConsumerApp
import Foundation
import Testing

/// `nil` is archived, not left out: it comes back `nil` whatever `init()` gives, and the three
/// states of an `Int??` stay apart — through every way an app stores a value.
@Suite struct NilRoundTripTests {
    // `nonisolated`: test arguments are read outside the main actor.
    nonisolated static let answers: [Int??] = [.none, .some(.none), .some(.some(5))]

    private func survey(answer: Int??) -> Survey {
        var survey = Survey()
        survey.respondent = "Ada"
        survey.nickname = nil
        survey.answer = answer
        survey.priority = .urgent
        survey.scores = [1, nil, 3]
        survey.comments = ["kept": "yes", "blank": nil]
        return survey
    }

    @Test(arguments: answers, [PropertyListFormat.binary, .xml])
    func autoArchiverKeepsEveryNil(_ answer: Int??, _ format: PropertyListFormat) throws {
        let original = survey(answer: answer)
        let copy = try AutoArchiver.unarchive(Survey.self, from: AutoArchiver.archive(original, format: format))
        #expect(copy.nickname == nil)
        #expect(copy.answer == answer)
        #expect(copy == original)
    }

    @Test(arguments: answers)
    func archiveStoreKeepsEveryNil(_ answer: Int??) throws {
        let directory = try TemporaryDirectory()
        let store = try ArchiveStore(name: "surveys", location: .directory(directory.url))
        let original = survey(answer: answer)
        try store.persist(original, forKey: "ada")
        let copy = try store.retrieve(Survey.self, forKey: "ada")
        #expect(copy.nickname == nil)
        #expect(copy.answer == answer)
        #expect(copy == original)
    }

    @Test(arguments: answers)
    func keyedArchivesKeepEveryNil(_ answer: Int??) throws {
        let original = survey(answer: answer)
        let copy = try KeyedUnarchiver().unarchive(Survey.self, from: KeyedArchiver().archive(original))
        #expect(copy.nickname == nil)
        #expect(copy.answer == answer)
        #expect(copy.scores == original.scores)
        #expect(copy.comments == original.comments)
    }

    @Test func theArchiveSaysNilInsteadOfLeavingTheKeyOut() throws {
        let tree = try AutoArchiver.encodeTree(survey(answer: .some(.none)))
        #expect(tree["nickname"] == "$null")
        // The inner optional is nil: `$null`; the outer one would be `{"$nil": 1}` (one layer inside it).
        #expect(tree["answer"] == "$null")
        #expect(tree["scores"] == [1, "$null", 3])
        #expect(tree["comments"] == ["blank": "$null", "kept": "yes"])
        #expect(try AutoArchiver.encodeTree(survey(answer: .none))["answer"] == ["$nil": 1])
    }
}
