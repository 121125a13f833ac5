import PropertyList

/// The engine's `Decoder`: reads a property-list tree, handing scalars, Foundation values and
/// `AutoCodable` values to the engine's own coders (the mirror image of ``TreeEncoder``).
final class TreeDecoder: Decoder {
    let value: PropertyListValue
    let engine: AutoCodingEngine
    let context: DecodingContext
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: PropertyListValue, engine: AutoCodingEngine, context: DecodingContext, codingPath: [any CodingKey]) {
        self.value = value
        self.engine = engine
        self.context = context
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
        if let native = try engine.nativeCoder(forAnyType: T.self) {
            do {
                var reader = TreeArchiveReader(root: plist)
                guard let value = try native.decodeBoxed(reader.root, from: &reader, context) as? T else {
                    throw AutoCodingError(.typeMismatch, "the engine's coder of \(T.self) made another type")
                }
                return value
            } catch let error as AutoCodingError {
                throw located(error, path)
            }
        }
        let nested = TreeDecoder(value: plist, engine: engine, context: context, codingPath: path)
        // Each nested value is one level deeper, however the type's `init(from:)` recurses.
        return try context.nested { try T(from: nested) }
    }

    func located(_ error: AutoCodingError, _ path: [any CodingKey]) -> AutoCodingError {
        var located = error
        located.path.insert(contentsOf: AutoCodingError.components(path), at: 0)
        return located
    }
}
