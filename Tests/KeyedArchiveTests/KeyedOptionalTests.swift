import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// Optionals of every depth, and optionals inside a collection.
struct KeyedOptionals: AutoCodable, Equatable {
    var nickname: String? = "none"
    var answer: Int?? = .some(.some(1))
    var scores: [Int?] = []
    var friend: KeyedFriend? = KeyedFriend()
}

final class KeyedFriend: AutoCodable, Equatable {
    var name = "default"
    required init() {}
    static func == (lhs: KeyedFriend, rhs: KeyedFriend) -> Bool { lhs.name == rhs.name }
}

/// `nil` in keyed archives is UID 0 (`$null`): it reads back as `nil` whatever `init()` gives.
@Suite struct KeyedOptionalTests {
    private func roundTrip(_ value: KeyedOptionals) throws -> KeyedOptionals {
        try KeyedUnarchiver(allowing: [KeyedFriend.self]).unarchive(KeyedOptionals.self, from: KeyedArchiver().archive(value))
    }

    @Test func nilPropertiesComeBackNil() throws {
        let value = KeyedOptionals(nickname: nil, answer: .some(.some(5)), scores: [], friend: nil)
        let copy = try roundTrip(value)
        #expect(copy.nickname == nil)
        #expect(copy.friend == nil)
    }

    @Test(arguments: [Int??.none, .some(.none), .some(.some(5))])
    func nestedOptionalsKeepNoneAndSomeNoneApart(_ answer: Int??) throws {
        let copy = try roundTrip(KeyedOptionals(answer: answer))
        #expect(copy.answer == answer)
    }

    @Test func nilInsideAnArrayRoundTrips() throws {
        let value = KeyedOptionals(scores: [1, nil, 3])
        #expect(try roundTrip(value).scores == [1, nil, 3])
    }
}
