import PropertyList

// The containers TreeEncoder hands to `encode(to:)` implementations.

struct KeyedTreeEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let node: EncodingNode
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }

    func encodeNil(forKey key: Key) throws {
        node.child(forKey: key.stringValue).content = .value(NilMarker.tree(level: 0))
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
        try encoder.encode(value, into: node.child(forKey: key.stringValue), at: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(forKey: key.stringValue)
        child.content = .keyed([])
        return KeyedEncodingContainer(KeyedTreeEncodingContainer<NestedKey>(encoder: encoder, node: child, path: path.appending(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(forKey: key.stringValue)
        child.content = .unkeyed([])
        return UnkeyedTreeEncodingContainer(encoder: encoder, node: child, path: path.appending(key))
    }

    func superEncoder() -> any Encoder {
        TreeEncoder(engine: encoder.engine, context: encoder.context, path: path,
                    storage: node.child(forKey: "super"))
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(engine: encoder.engine, context: encoder.context, path: path.appending(key),
                    storage: node.child(forKey: key.stringValue))
    }
}

struct UnkeyedTreeEncodingContainer: UnkeyedEncodingContainer, ForwardingValueEncoder {
    let encoder: TreeEncoder
    let node: EncodingNode
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }

    var count: Int {
        if case .unkeyed(let nodes) = node.content { return nodes.count }
        return 0
    }

    private var nextKey: IndexKey { IndexKey(intValue: count) }

    func encodeNil() throws {
        node.appendChild().content = .value(NilMarker.tree(level: 0))
    }

    func encodeValue<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try encoder.encode(value, into: node.appendChild(), at: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let child = node.appendChild()
        child.content = .keyed([])
        return KeyedEncodingContainer(KeyedTreeEncodingContainer<NestedKey>(encoder: encoder, node: child, path: path.appending(key)))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = node.appendChild()
        child.content = .unkeyed([])
        return UnkeyedTreeEncodingContainer(encoder: encoder, node: child, path: path.appending(key))
    }

    func superEncoder() -> any Encoder {
        let key = nextKey
        return TreeEncoder(engine: encoder.engine, context: encoder.context, path: path.appending(key),
                           storage: node.appendChild())
    }
}

struct SingleValueTreeEncodingContainer: SingleValueEncodingContainer, ForwardingValueEncoder {
    let encoder: TreeEncoder
    let node: EncodingNode
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }

    func encodeNil() throws {
        node.content = .value(NilMarker.tree(level: 0))
    }

    func encodeValue<T: Encodable>(_ value: T) throws {
        try encoder.encode(value, into: node, at: path)
    }
}

/// The unkeyed and single-value containers encode every kind of value the same way (through
/// `encodeValue`), so the protocols' fifteen `encode` overloads are written once, here.
protocol ForwardingValueEncoder {
    func encodeValue<T: Encodable>(_ value: T) throws
}

extension ForwardingValueEncoder {
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
}
