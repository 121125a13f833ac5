import PropertyList

/// The engine's `Encoder`: writes into an ``EncodingNode`` tree, and hands scalars, Foundation
/// values and `AutoCodable` values to the engine's own coders so they archive exactly as
/// properties of those types do.
final class TreeEncoder: Encoder {
    let engine: AutoCodingEngine
    let context: EncodingContext
    let storage: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(engine: AutoCodingEngine, context: EncodingContext, codingPath: [any CodingKey],
         storage: EncodingNode = EncodingNode()) {
        self.engine = engine
        self.context = context
        self.codingPath = codingPath
        self.storage = storage
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = storage.content {} else { storage.content = .keyed([]) }
        return KeyedEncodingContainer(KeyedTreeEncodingContainer<Key>(encoder: self, node: storage, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = storage.content {} else { storage.content = .unkeyed([]) }
        return UnkeyedTreeEncodingContainer(encoder: self, node: storage, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueTreeEncodingContainer(encoder: self, node: storage, codingPath: codingPath)
    }

    /// Encodes `value` into `node`: natively when the engine knows the type, else through `Codable`.
    func encode<T: Encodable>(_ value: T, into node: EncodingNode, at path: [any CodingKey]) throws {
        if let native = try engine.nativeCoder(forAnyType: T.self) {
            do {
                var tree = TreeArchiveWriter()
                try native.encodeBoxed(value, to: &tree, context)
                node.content = .value(try tree.finish())
            } catch let error as AutoCodingError {
                var located = error
                located.path.insert(contentsOf: AutoCodingError.components(path), at: 0)
                throw located
            }
            return
        }
        let nested = TreeEncoder(engine: engine, context: context, codingPath: path, storage: node)
        // Each nested value is one level deeper, however the type's `encode(to:)` recurses.
        try context.nested { try value.encode(to: nested) }
    }
}
