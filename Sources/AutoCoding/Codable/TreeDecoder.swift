import PropertyList

/// The engine's `Decoder`: reads a property-list tree, handing scalars, Foundation values and
/// `AutoCodable` values to the engine's own coders (the mirror image of ``TreeEncoder``).
final class TreeDecoder: Decoder {
    let value: PropertyListValue
    let engine: AutoCodingEngine
    let state: DecodingState
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: PropertyListValue, engine: AutoCodingEngine, state: DecodingState, codingPath: [any CodingKey]) {
        self.value = value
        self.engine = engine
        self.state = state
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let entries) = value else {
            throw located(.mismatch(expected: "dictionary", found: value), codingPath)
        }
        return KeyedDecodingContainer(KeyedTreeDecodingContainer<Key>(decoder: self, entries: entries, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw located(.mismatch(expected: "array", found: value), codingPath)
        }
        return UnkeyedTreeDecodingContainer(decoder: self, items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueTreeDecodingContainer(decoder: self, value: value, codingPath: codingPath)
    }

    /// Decodes `plist` as `T`: natively when the engine knows the type, else through `Codable`.
    func decode<T: Decodable>(_ type: T.Type, from plist: PropertyListValue, at path: [any CodingKey]) throws -> T {
        if let native = try engine.nativeCoder(for: T.self) {
            do {
                return try native.decode(plist, state)
            } catch let error as AutoCodingError {
                throw located(error, path)
            }
        }
        return try T(from: TreeDecoder(value: plist, engine: engine, state: state, codingPath: path))
    }

    func located(_ error: AutoCodingError, _ path: [any CodingKey]) -> AutoCodingError {
        var located = error
        located.path.insert(contentsOf: AutoCodingError.components(path), at: 0)
        return located
    }
}
