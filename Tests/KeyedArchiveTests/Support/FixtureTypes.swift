import AutoCoding
import Foundation

/// The Swift replacement of the fixture script's `Seeds.SeedPerson`.
final class FixturePerson: AutoCodable {
    var name = ""
    var age = 0
    var member = false
    var friend: FixturePerson?
    var tags: [String] = []
    required init() {}
}

/// The Swift replacement of the fixture script's `Seeds.SeedTeam`.
final class FixtureTeam: AutoCodable {
    var title = ""
    var founded = Date(timeIntervalSinceReferenceDate: 0)
    var logo = Data()
    var site: URL?
    var identifier: UUID?
    var members: [FixturePerson] = []
    var leader: FixturePerson?
    var scores: [String: Double] = [:]
    var rating = 0.0
    required init() {}
}
