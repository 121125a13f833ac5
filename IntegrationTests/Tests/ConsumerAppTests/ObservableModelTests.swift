import Archivist
import ConsumerApp
import Foundation
import Testing

/// `@Observable` models archive what the app declared: property names as written, no registrar,
/// no `@ObservationIgnored` storage.
@Suite struct ObservableModelTests {
    static let cardID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    private func card() -> ObservableTaskCard {
        let card = ObservableTaskCard(id: Self.cardID)
        card.title = "Write tests"
        card.done = true
        card.tags = ["work"]
        card.due = Date(timeIntervalSinceReferenceDate: 800_000_000)
        card.renderCount = 12
        return card
    }

    @Test func archivesUnderTheDeclaredPropertyNames() throws {
        let tree = try AutoArchiver.encodeTree(card())
        #expect(tree.dictionaryValue?.keys == ["$type", "title", "done", "tags", "due", "id"])
        #expect(tree["title"] == "Write tests")
        #expect(tree["id"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        let names = try AutoArchiver.properties(of: ObservableTaskCard.self).map(\.name)
        #expect(names == ["title", "done", "tags", "due", "id"])
        // The binary archive says the same.
        let binary = try PropertyListValue(from: AutoArchiver.archive(card(), format: .binary))
        #expect(binary == tree)
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func roundTripsTrackedAndLetProperties(_ format: PropertyListFormat) throws {
        let copy = try AutoArchiver.unarchive(ObservableTaskCard.self, from: AutoArchiver.archive(card(), format: format))
        #expect(copy.title == "Write tests")
        #expect(copy.done)
        #expect(copy.tags == ["work"])
        #expect(copy.due == Date(timeIntervalSinceReferenceDate: 800_000_000))
        #expect(copy.id == Self.cardID)
        #expect(copy.renderCount == 0) // ignored by observation, and by the archive
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func archivesOfThePlainClassLoadIntoTheObservableOneAndBack(_ format: PropertyListFormat) throws {
        let plain = TaskCard(id: Self.cardID)
        plain.title = "Old release"
        plain.tags = ["a", "b"]
        let observable = try AutoArchiver.unarchive(ObservableTaskCard.self, from: AutoArchiver.archive(plain, format: format))
        #expect(observable.title == "Old release" && observable.tags == ["a", "b"] && observable.id == Self.cardID)
        #expect(observable.due == nil && !observable.done)
        observable.done = true
        let back = try AutoArchiver.unarchive(TaskCard.self, from: AutoArchiver.archive(observable, format: format))
        #expect(back.title == "Old release" && back.done && back.id == Self.cardID)
    }
}
