import Foundation

/// The JSON file recorded beside each fixture version: what the type looked like when the
/// fixture was written, so a later schema can be compared with it.
struct FixtureManifest: Codable, Sendable, Equatable {
    /// The fixture version this manifest describes (1, 2, …).
    var fixtureVersion: Int
    /// The root type record, as archives write it under `$type`.
    var type: String
    /// The type's `autoCodingVersion` when recorded.
    var autoCodingVersion: Int
    /// The formats recorded for this version.
    var formats: [ArchiveFixtureFormat]
    /// The archived properties, in archive order.
    var properties: [FixtureProperty]

    /// The manifest as pretty-printed JSON with sorted keys, ending in a newline.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Reads a manifest.
    static func decoded(from data: Data) throws -> FixtureManifest {
        try JSONDecoder().decode(FixtureManifest.self, from: data)
    }

    /// Whether `other` records the same schema (type record, version and properties).
    func sameSchema(as other: FixtureManifest) -> Bool {
        type == other.type && autoCodingVersion == other.autoCodingVersion && properties == other.properties
    }
}
