import PropertyList

/// A mutable node of the tree a `Codable` value encodes into; containers share nodes by reference
/// (as `Encoder` requires) and the tree is read back once encoding ends.
final class EncodingNode {
    enum Content {
        case empty
        case value(PropertyListValue)
        case keyed([(key: String, node: EncodingNode)])
        case unkeyed([EncodingNode])
    }

    var content: Content = .empty

    /// The finished value, or `nil` when nothing was encoded.
    var value: PropertyListValue? {
        switch content {
        case .empty: return nil
        case .value(let value): return value
        case .keyed(let entries):
            var dictionary = PropertyListDictionary(minimumCapacity: entries.count)
            for entry in entries {
                if let value = entry.node.value { dictionary.updateValue(value, forKey: entry.key) }
            }
            return .dictionary(dictionary)
        case .unkeyed(let nodes):
            return .array(nodes.map { $0.value ?? .dictionary([:]) })
        }
    }

    /// The child node for `key`, created (or replaced) in a keyed node.
    func child(forKey key: String) -> EncodingNode {
        let node = EncodingNode()
        guard case .keyed(var entries) = content else {
            content = .keyed([(key, node)])
            return node
        }
        content = .empty // keep `entries` uniquely referenced while appending
        if let position = entries.firstIndex(where: { $0.key == key }) {
            entries[position].node = node
        } else {
            entries.append((key, node))
        }
        content = .keyed(entries)
        return node
    }

    /// A new child node appended to an unkeyed node.
    func appendChild() -> EncodingNode {
        let node = EncodingNode()
        guard case .unkeyed(var nodes) = content else {
            content = .unkeyed([node])
            return node
        }
        content = .empty
        nodes.append(node)
        content = .unkeyed(nodes)
        return node
    }
}

/// The engine's `Encoder`: writes into an ``EncodingNode`` tree, and hands scalars, Foundation
/// values and `AutoCodable` values to the engine's own coders so they archive exactly as
/// properties of those types do.
final class TreeEncoder: Encoder {
    let engine: AutoCodingEngine
    let state: EncodingState
    let storage: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(engine: AutoCodingEngine, state: EncodingState, codingPath: [any CodingKey], storage: EncodingNode = EncodingNode()) {
        self.engine = engine
        self.state = state
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
        if let native = try engine.nativeCoder(for: T.self) {
            do {
                node.content = .value(try native.encode(value, state))
            } catch let error as AutoCodingError {
                var located = error
                located.path.insert(contentsOf: AutoCodingError.components(path), at: 0)
                throw located
            }
            return
        }
        let nested = TreeEncoder(engine: engine, state: state, codingPath: path, storage: node)
        try value.encode(to: nested)
    }
}

struct KeyedTreeEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) throws {
        // Property lists have no null; a nil value is an absent key, as for stored properties.
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: Bool, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: String, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: Double, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: Float, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: Int, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: Int8, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: Int16, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: Int32, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: Int64, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: UInt, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: UInt8, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: UInt16, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: UInt32, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    func encode(_ value: UInt64, forKey key: Key) throws { try encodeValue(value, forKey: key) }

    private func encodeValue<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.encode(value, into: node.child(forKey: key.stringValue), at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(forKey: key.stringValue)
        child.content = .keyed([])
        return KeyedEncodingContainer(KeyedTreeEncodingContainer<NestedKey>(encoder: encoder, node: child, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(forKey: key.stringValue)
        child.content = .unkeyed([])
        return UnkeyedTreeEncodingContainer(encoder: encoder, node: child, codingPath: codingPath + [key])
    }

    func superEncoder() -> any Encoder {
        TreeEncoder(engine: encoder.engine, state: encoder.state, codingPath: codingPath,
                    storage: node.child(forKey: "super"))
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(engine: encoder.engine, state: encoder.state, codingPath: codingPath + [key],
                    storage: node.child(forKey: key.stringValue))
    }
}

struct UnkeyedTreeEncodingContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let node: EncodingNode
    let codingPath: [any CodingKey]

    var count: Int {
        if case .unkeyed(let nodes) = node.content { return nodes.count }
        return 0
    }

    private var nextKey: IndexKey { IndexKey(intValue: count) }

    func encodeNil() throws {
        throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)",
                              path: AutoCodingError.components(codingPath + [nextKey]))
    }

    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }
    func encode(_ value: Bool) throws { try encodeValue(value) }
    func encode(_ value: String) throws { try encodeValue(value) }
    func encode(_ value: Double) throws { try encodeValue(value) }
    func encode(_ value: Float) throws { try encodeValue(value) }
    func encode(_ value: Int) throws { try encodeValue(value) }
    func encode(_ value: Int8) throws { try encodeValue(value) }
    func encode(_ value: Int16) throws { try encodeValue(value) }
    func encode(_ value: Int32) throws { try encodeValue(value) }
    func encode(_ value: Int64) throws { try encodeValue(value) }
    func encode(_ value: UInt) throws { try encodeValue(value) }
    func encode(_ value: UInt8) throws { try encodeValue(value) }
    func encode(_ value: UInt16) throws { try encodeValue(value) }
    func encode(_ value: UInt32) throws { try encodeValue(value) }
    func encode(_ value: UInt64) throws { try encodeValue(value) }

    private func encodeValue<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try encoder.encode(value, into: node.appendChild(), at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let child = node.appendChild()
        child.content = .keyed([])
        return KeyedEncodingContainer(KeyedTreeEncodingContainer<NestedKey>(encoder: encoder, node: child, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = node.appendChild()
        child.content = .unkeyed([])
        return UnkeyedTreeEncodingContainer(encoder: encoder, node: child, codingPath: codingPath + [key])
    }

    func superEncoder() -> any Encoder {
        let key = nextKey
        return TreeEncoder(engine: encoder.engine, state: encoder.state, codingPath: codingPath + [key],
                           storage: node.appendChild())
    }
}

struct SingleValueTreeEncodingContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil() throws {
        throw AutoCodingError(.unrepresentable, "nil cannot be archived here (property lists have no null)",
                              path: AutoCodingError.components(codingPath))
    }

    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }
    func encode(_ value: Bool) throws { try encodeValue(value) }
    func encode(_ value: String) throws { try encodeValue(value) }
    func encode(_ value: Double) throws { try encodeValue(value) }
    func encode(_ value: Float) throws { try encodeValue(value) }
    func encode(_ value: Int) throws { try encodeValue(value) }
    func encode(_ value: Int8) throws { try encodeValue(value) }
    func encode(_ value: Int16) throws { try encodeValue(value) }
    func encode(_ value: Int32) throws { try encodeValue(value) }
    func encode(_ value: Int64) throws { try encodeValue(value) }
    func encode(_ value: UInt) throws { try encodeValue(value) }
    func encode(_ value: UInt8) throws { try encodeValue(value) }
    func encode(_ value: UInt16) throws { try encodeValue(value) }
    func encode(_ value: UInt32) throws { try encodeValue(value) }
    func encode(_ value: UInt64) throws { try encodeValue(value) }

    private func encodeValue<T: Encodable>(_ value: T) throws {
        try encoder.encode(value, into: node, at: codingPath)
    }
}

/// The coding key of an array position.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}
