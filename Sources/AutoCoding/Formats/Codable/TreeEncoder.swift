import PropertyList

/// The engine's `Encoder`: writes into an ``EncodingNode`` tree, and hands scalars, Foundation
/// values and `AutoCodable` values to the engine's own coders so they archive exactly as
/// properties of those types do.
final class TreeEncoder: Encoder {
    let engine: AutoCodingEngine
    let context: EncodingContext
    let storage: EncodingNode
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(engine: AutoCodingEngine, context: EncodingContext, path: CodingPath,
         storage: EncodingNode = EncodingNode()) {
        self.engine = engine
        self.context = context
        self.path = path
        self.storage = storage
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = storage.content {} else { storage.content = .keyed([]) }
        return KeyedEncodingContainer(KeyedTreeEncodingContainer<Key>(encoder: self, node: storage, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = storage.content {} else { storage.content = .unkeyed([]) }
        return UnkeyedTreeEncodingContainer(encoder: self, node: storage, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueTreeEncodingContainer(encoder: self, node: storage, path: path)
    }

    /// Encodes `value` into `node`: natively when the engine knows the type, else through `Codable`.
    func encode<T: Encodable>(_ value: T, into node: EncodingNode, at path: CodingPath) throws {
        if let native = try engine.nativeCoder(forAnyType: T.self) {
            do {
                var tree = TreeArchiveWriter()
                try native.encodeBoxed(value, to: &tree, context)
                node.content = .value(try tree.finish())
            } catch let error as AutoCodingError {
                var located = error
                located.path.insert(contentsOf: AutoCodingError.components(path.keys), at: 0)
                throw located
            }
            return
        }
        let nested = TreeEncoder(engine: engine, context: context, path: path, storage: node)
        // Each nested value is one level deeper, however the type's `encode(to:)` recurses.
        do {
            try context.nested { try value.encode(to: nested) }
        } catch let error as AutoCodingError where error.hasNoPath {
            // Thrown right here (the depth limit): the only place that knows where it is.
            var located = error
            located.path = AutoCodingError.components(path.keys)
            throw located
        }
    }
}
