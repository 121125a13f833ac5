import AutoCoding
import Foundation
import PropertyList
import Testing

/// Optional properties of every kind the typed reads cover, each with a default that is not `nil`,
/// so a kept default, a read `nil` and a read value all differ.
struct OptionalKinds: AutoCodable, Codable, Equatable {
    var count: Int? = 1
    var name: String? = "n"
    var flag: Bool? = true
    var ratio: Double? = 0.5
    var when: Date? = Date(timeIntervalSinceReferenceDate: 60)
    var blob: Data? = Data([9])
    var status: TypedStatus? = .open
    var address: TypedAddress? = TypedAddress()
    var tags: [String]? = ["t"]
}

/// Synthesized `Codable` with the same keys: writes nothing for `nil`, as most JSON producers do.
struct OptionalKindsTwin: Codable {
    var count: Int?
    var name: String?
    var flag: Bool?
    var ratio: Double?
    var when: Date?
    var blob: Data?
    var status: TypedStatus?
    var address: TypedAddressTwin?
    var tags: [String]?
}

/// The typed reads of optional properties (`decodeIfPresent(_:forKey:)`, as synthesized `Codable`
/// reads them): a value, `null` and a missing key give what the general read gives.
@Suite struct CodableBridgeOptionalReadTests {
    /// Decodes `json` both ways; both must succeed and agree.
    private func bothWays(_ json: String) throws -> OptionalKinds {
        let typed = try JSONDecoder().decode(OptionalKinds.self, from: Data(json.utf8))
        let general = try JSONDecoder().decode(GeneralRead<OptionalKinds>.self, from: Data(json.utf8)).value
        #expect(typed == general)
        return typed
    }

    @Test func presentValuesAreRead() throws {
        let twin = OptionalKindsTwin(
            count: 3, name: "x", flag: false, ratio: 2.25, when: Date(timeIntervalSinceReferenceDate: 5), blob: Data([1, 2]),
            status: .paid, address: TypedAddressTwin(street: "High St", zip: nil), tags: ["a", "b"])
        let kinds = try bothWays(String(decoding: try JSONEncoder().encode(twin), as: UTF8.self))
        #expect(kinds.count == 3 && kinds.name == "x" && kinds.flag == false && kinds.ratio == 2.25)
        #expect(kinds.when == Date(timeIntervalSinceReferenceDate: 5) && kinds.blob == Data([1, 2]))
        #expect(kinds.status == .paid && kinds.tags == ["a", "b"])
        // `zip` is missing inside: the nested value keeps its default there.
        #expect(kinds.address == TypedAddress(street: "High St", zip: 7))
    }

    @Test func nullIsReadAsNil() throws {
        let kinds = try bothWays(#"""
            {"count":null,"name":null,"flag":null,"ratio":null,"when":null,"blob":null,"status":null,"address":null,"tags":null}
            """#)
        #expect(kinds.count == nil && kinds.name == nil && kinds.flag == nil && kinds.ratio == nil)
        #expect(kinds.when == nil && kinds.blob == nil && kinds.status == nil && kinds.address == nil && kinds.tags == nil)
    }

    @Test func missingKeysKeepTheDefaults() throws {
        #expect(try bothWays("{}") == OptionalKinds())
        // What synthesized `Codable` writes for all-`nil` values: nothing at all.
        let empty = String(decoding: try JSONEncoder().encode(OptionalKindsTwin()), as: UTF8.self)
        #expect(try bothWays(empty) == OptionalKinds())
    }

    @Test func theBridgeRoundTripsNilAgainstNonNilDefaults() throws {
        var kinds = OptionalKinds()
        kinds.count = nil
        kinds.address = nil
        kinds.tags = nil
        kinds.name = "y"
        let json = String(decoding: try JSONEncoder().encode(kinds), as: UTF8.self)
        #expect(try bothWays(json) == kinds)
        for format: PropertyListSerialization.PropertyListFormat in [.binary, .xml] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            #expect(try PropertyListDecoder().decode(OptionalKinds.self, from: try encoder.encode(kinds)) == kinds)
        }
    }

    @Test func aMismatchUnderAnOptionalKeyFailsWithItsPath() throws {
        for (json, path) in [(#"{"count":"two"}"#, "OptionalKinds.count"), (#"{"address":{"zip":"x"}}"#, "OptionalKinds.address.zip"),
                             (#"{"tags":["a",1]}"#, "OptionalKinds.tags[1]")] {
            for typed in [true, false] {
                do {
                    _ = typed ? try JSONDecoder().decode(OptionalKinds.self, from: Data(json.utf8))
                        : try JSONDecoder().decode(GeneralRead<OptionalKinds>.self, from: Data(json.utf8)).value
                    Issue.record("decoded \(json) (typed: \(typed))")
                } catch let DecodingError.dataCorrupted(context) {
                    let underlying = try #require(context.underlyingError as? AutoCodingError)
                    #expect(underlying.pathDescription == path, "\(json) (typed: \(typed)): \(underlying)")
                    #expect(underlying.kind == .typeMismatch, "\(json) (typed: \(typed)): \(underlying)")
                }
            }
        }
    }
}
