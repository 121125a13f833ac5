import AutoCoding
import Foundation
import Observation
import PropertyList
import Testing

/// An `@Observable` model: tracked properties in `_name` storage, a registrar, an ignored cache, a `let`.
@Observable final class ObservedCard: AutoCodable {
    var title = ""
    var done = false
    var tags: [String] = []
    @ObservationIgnored var renderCount = 0
    let id: Int

    init() { id = 0 }
    init(id: Int) { self.id = id }
}

/// An `@ObservationIgnored` property named in `autoCodingKeys` is archived.
@Observable final class ObservedSettings: AutoCodable {
    var theme = "light"
    @ObservationIgnored var launchCount = 0
    @ObservationIgnored var scratch = 0

    static var autoCodingKeys: [String: String] { ["launchCount": "launches"] }
}

/// Archives `ObservedCard`s as the previous release's plain class of that name wrote them: a type
/// local to this function has the same type record, `ObservedCard`.
private func archiveOfPlainObservedCard(id: Int, title: String, tags: [String], format: PropertyListFormat) throws -> Data {
    final class ObservedCard: AutoCodable {
        var title = ""
        var done = false
        var tags: [String] = []
        let id: Int
        init() { id = 0 }
        init(id: Int) { self.id = id }
    }
    let card = ObservedCard(id: id)
    card.title = title
    card.tags = tags
    return try AutoArchiver.archive(card, format: format)
}

/// What the previous release's plain class reads from `data`: id, title, done, tags.
private func plainObservedCard(from data: Data) throws -> (id: Int, title: String, done: Bool, tags: [String]) {
    final class ObservedCard: AutoCodable {
        var title = ""
        var done = false
        var tags: [String] = []
        // A `var`: a `let` that every initializer this file calls sets to 0 is a constant the
        // optimizer may fold in release builds (the documented limit, see LetPropertyTests).
        var id = 0
        init() {}
    }
    let card = try AutoArchiver.unarchive(ObservedCard.self, from: data)
    return (card.id, card.title, card.done, card.tags)
}

/// `@Observable` classes archive their declared properties under their declared names; the
/// registrar and `@ObservationIgnored` storage are skipped (PlanBuilder).
@Suite struct ObservableArchivingTests {
    private func card() -> ObservedCard {
        let card = ObservedCard(id: 42)
        card.title = "Write tests"
        card.done = true
        card.tags = ["work"]
        card.renderCount = 9
        return card
    }

    @Test func propertiesAreArchivedUnderTheirDeclaredNames() throws {
        let tree = try AutoArchiver.encodeTree(card())
        #expect(tree.dictionaryValue?.keys == ["$type", "title", "done", "tags", "id"])
        #expect(try AutoArchiver.properties(of: ObservedCard.self).map(\.name) == ["title", "done", "tags", "id"])
        #expect(try AutoArchiver.properties(of: ObservedCard.self).map(\.key) == ["title", "done", "tags", "id"])
        #expect(try PropertyListValue(from: AutoArchiver.archive(card(), format: .binary)) == tree)
        #expect(try AutoArchiver.layoutProblem(of: ObservedCard.self) == nil)
    }

    @Test(arguments: ArchiveForm.allCases)
    func trackedAndLetPropertiesRoundTripAndIgnoredOnesKeepTheirDefaults(_ form: ArchiveForm) throws {
        let copy = try form.roundTrip(card())
        #expect(copy.title == "Write tests" && copy.done && copy.tags == ["work"] && copy.id == 42)
        #expect(copy.renderCount == 0)
    }

    @Test func anIgnoredPropertyNamedInAutoCodingKeysIsArchived() throws {
        let settings = ObservedSettings()
        settings.theme = "dark"
        settings.launchCount = 3
        settings.scratch = 8
        let tree = try AutoArchiver.encodeTree(settings)
        #expect(tree.dictionaryValue?.keys == ["$type", "theme", "launches"])
        let copy = try AutoArchiver.decode(ObservedSettings.self, from: tree)
        #expect(copy.theme == "dark" && copy.launchCount == 3 && copy.scratch == 0)
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func archivesOfThePlainClassLoadIntoTheObservableOneAndBack(_ format: PropertyListFormat) throws {
        let old = try archiveOfPlainObservedCard(id: 5, title: "Old release", tags: ["a"], format: format)
        let observed = try AutoArchiver.unarchive(ObservedCard.self, from: old)
        #expect(observed.id == 5 && observed.title == "Old release" && observed.tags == ["a"] && !observed.done)
        observed.done = true
        let back = try plainObservedCard(from: AutoArchiver.archive(observed, format: format))
        #expect(back.title == "Old release")
        #expect(back.done)
        #expect(back.tags == ["a"])
        #expect(back.id == 5)
    }
}
