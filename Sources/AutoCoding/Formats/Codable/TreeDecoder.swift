import PropertyList

/// The engine's `Decoder`: reads a property-list tree, handing scalars, Foundation values and
/// `AutoCodable` values to the engine's own coders (the mirror image of ``TreeEncoder``).
final class TreeDecoder: Decoder {
    let value: PropertyListValue
    let engine: AutoCodingEngine
    let context: DecodingContext
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: PropertyListValue, engine: AutoCodingEngine, context: DecodingContext, path: CodingPath) {
        self.value = value
        self.engine = engine
        self.context = context
        self.path = path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let entries) = value else {
            throw located(.mismatch(expected: "dictionary", found: value), path)
        }
        return KeyedDecodingContainer(KeyedTreeDecodingContainer<Key>(decoder: self, entries: entries, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw located(.mismatch(expected: "array", found: value), path)
        }
        return UnkeyedTreeDecodingContainer(decoder: self, items: items, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueTreeDecodingContainer(decoder: self, value: value, path: path)
    }

    /// Decodes `plist` as `T`: natively when the engine knows the type, else through `Codable`.
    func decode<T: Decodable>(_ type: T.Type, from plist: PropertyListValue, at path: CodingPath) throws -> T {
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
        let nested = TreeDecoder(value: plist, engine: engine, context: context, path: path)
        // Each nested value is one level deeper, however the type's `init(from:)` recurses.
        do {
            return try context.nested { try T(from: nested) }
        } catch let error as AutoCodingError where error.hasNoPath {
            // Thrown right here (the depth limit): the only place that knows where it is.
            throw located(error, path)
        }
    }

    func located(_ error: AutoCodingError, _ path: CodingPath) -> AutoCodingError {
        var located = error
        located.path.insert(contentsOf: AutoCodingError.components(path.keys), at: 0)
        return located
    }
}
