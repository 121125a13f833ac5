/// The coding key of the `Codable` bridge: any string (a property's archive key, a dictionary key).
///
/// One string and nothing else, so copying it is one retain: encoders and decoders copy keys
/// generically (through value witnesses) at every property, and box them as `any CodingKey` for
/// nested containers and the values they wrap (dates, data), which a key of at most three words
/// does without allocating. Positions in error paths are ``BridgePositionKey``s.
package struct BridgeKey: CodingKey, Hashable {
    package let stringValue: String

    init(_ text: String) { stringValue = text }

    package init?(stringValue: String) { self.init(stringValue) }

    /// The bridge's keyed containers are keyed by strings only.
    package init?(intValue: Int) { nil }

    package var intValue: Int? { nil }
}

/// A position in an array, as the coding path of a bridge error names it (`lines`, `1`, `qty`).
struct BridgePositionKey: CodingKey {
    let position: Int

    init(_ position: Int) { self.position = position }

    init?(stringValue: String) {
        guard let position = Int(stringValue) else { return nil }
        self.init(position)
    }

    init?(intValue: Int) { self.init(intValue) }

    var stringValue: String { String(position) }
    var intValue: Int? { position }
}
