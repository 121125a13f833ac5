import AutoCoding
import Foundation
import PropertyList
import Testing

struct Settings: AutoCodable, Codable, Equatable {
    var volume = 5
    var theme = "light"
    var addedLater = "fresh default"
    var unknown: PropertyListDictionary?
    static var autoCodingTransientProperties: Set<String> { ["unknown"] }
    mutating func autoCodingDidFindUnknownKeys(_ unknownEntries: PropertyListDictionary) {
        unknown = unknownEntries
    }

    enum CodingKeys: String, CodingKey { case volume, theme, addedLater }
}

/// Old archives keep working: absent keys keep defaults, unknown keys are reported, not fatal.
@Suite struct MissingAndUnknownKeyTests {
    @Test func missingKeysKeepTheirDefaults() throws {
        let old: PropertyListValue = ["volume": 9]
        let settings = try AutoArchiver.decode(Settings.self, from: old)
        #expect(settings.volume == 9)
        #expect(settings.theme == "light")
        #expect(settings.addedLater == "fresh default")
        #expect(settings.unknown == nil)
    }

    @Test func synthesizedCodableRejectsTheSameArchiveWithKeyNotFoundWhereTheBridgeKeepsDefaults() throws {
        /// The same properties with synthesized `Codable` only.
        struct SynthesizedSettings: Codable {
            var volume: Int
            var theme: String
            var addedLater: String
        }
        let data = try foundationData(["volume": 9])
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(SynthesizedSettings.self, from: data) }
        // `Settings` declares `AutoCodable, Codable`: its `Codable` is AutoCoding's bridge.
        let settings = try PropertyListDecoder().decode(Settings.self, from: data)
        #expect(settings.volume == 9)
        #expect(settings.theme == "light")
        #expect(settings.addedLater == "fresh default")
    }

    @Test func unknownKeysAreIgnoredAndReportedToTheHook() throws {
        let newer: PropertyListValue = ["volume": 1, "futureFlag": true, "theme": "dark", "extra": [1, 2]]
        let settings = try AutoArchiver.decode(Settings.self, from: newer)
        #expect(settings.volume == 1 && settings.theme == "dark")
        #expect(settings.unknown == ["futureFlag": true, "extra": [1, 2]])
    }

    @Test func keysInAnyOrderAreFound() throws {
        let shuffled: PropertyListValue = ["addedLater": "z", "theme": "t", "volume": 2]
        let settings = try AutoArchiver.decode(Settings.self, from: shuffled)
        #expect(settings.volume == 2 && settings.theme == "t" && settings.addedLater == "z")
        #expect(settings.unknown == nil)
    }

    @Test func reservedKeysAreNotReportedAsUnknown() throws {
        let tagged: PropertyListValue = ["$type": "Settings", "$version": 0, "volume": 3]
        #expect(try AutoArchiver.decode(Settings.self, from: tagged).unknown == nil)
    }

    @Test func aTypeRecordNamingAnotherTypeIsATypeMismatchNamingBoth() throws {
        let tagged: PropertyListValue = ["$type": "whatever", "volume": 3]
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Settings.self, from: tagged) }
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "Settings" && error.found == "whatever")
    }
}
