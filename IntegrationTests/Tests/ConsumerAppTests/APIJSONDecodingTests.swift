import Archivist
import ConsumerApp
import Foundation
import Testing

/// An `AutoCodable, Codable` model reading JSON an API wrote: keys left out keep `init()`'s
/// values, `null` is `nil`, values are read, at every level.
@Suite struct APIJSONDecodingTests {
    private func decode(_ json: String) throws -> APIUser {
        try JSONDecoder().decode(APIUser.self, from: Data(json.utf8))
    }

    @Test func keysTheAPILeftOutKeepTheDefaults() throws {
        #expect(try decode("{}") == APIUser())
        let profile = try decode(#"{"id":7,"address":{"city":"Oslo"}}"#)
        #expect(profile.id == 7 && profile.name == "guest" && profile.nickname == "pal" && profile.age == 18)
        #expect(profile.homepage == URL(string: "https://example.com") && profile.tags == ["new"])
        #expect(profile.address?.city == "Oslo" && profile.address?.zip == "00000")
    }

    @Test func nullMakesOptionalsNil() throws {
        let profile = try decode(#"{"nickname":null,"age":null,"homepage":null,"address":{"zip":null},"tags":null}"#)
        #expect(profile.nickname == nil && profile.age == nil && profile.homepage == nil && profile.tags == nil)
        #expect(profile.address?.city == "nowhere" && profile.address?.zip == nil)
        #expect(try decode(#"{"address":null}"#).address == nil)
    }

    @Test func presentValuesAreRead() throws {
        let profile = try decode(#"""
            {"id":1,"name":"Ada","nickname":"ada","age":36,"homepage":"https://ada.example","address":{"city":"London","zip":"N1"},"tags":["math"]}
            """#)
        #expect(profile.name == "Ada" && profile.nickname == "ada" && profile.age == 36)
        #expect(profile.homepage == URL(string: "https://ada.example") && profile.tags == ["math"])
        #expect(profile.address == { var address = APIUserAddress(); address.city = "London"; address.zip = "N1"; return address }())
    }

    @Test func aWrongTypeUnderAnOptionalKeyIsAnErrorNamingIt() throws {
        do {
            _ = try decode(#"{"address":{"zip":5}}"#)
            Issue.record("decoded a number as a string")
        } catch let DecodingError.dataCorrupted(context) {
            let error = try #require(context.underlyingError as? AutoCodingError)
            #expect(error.pathDescription == "APIUser.address.zip")
        }
    }

    @Test func whatTheModelWritesReadsBackWithNilKept() throws {
        var profile = APIUser()
        profile.nickname = nil
        profile.address = nil
        profile.age = 40
        let back = try JSONDecoder().decode(APIUser.self, from: JSONEncoder().encode(profile))
        #expect(back == profile)
    }
}
