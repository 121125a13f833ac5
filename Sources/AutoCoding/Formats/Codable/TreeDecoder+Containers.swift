import PropertyList

// The containers TreeDecoder hands to `init(from:)` implementations.

struct KeyedTreeDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder
    let entries: PropertyListDictionary
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] { entries.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { entries.position(of: key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = entries[key.stringValue] else { return true }
        return NilMarker.level(of: value) != nil
    }

    private func entry(_ key: Key) throws -> PropertyListValue {
        guard let value = entries[key.stringValue] else {
            throw AutoCodingError(.missingValue, "no value for key \"\(key.stringValue)\"",
                                  path: AutoCodingError.components(codingPath))
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(type, forKey: key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeValue(type, forKey: key) }

    private func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, from: try entry(key), at: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try entry(key), engine: decoder.engine, context: decoder.context, path: path.appending(key))
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try entry(key), engine: decoder.engine, context: decoder.context, path: path.appending(key))
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: entries["super"] ?? .dictionary([:]), engine: decoder.engine, context: decoder.context, path: path)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: try entry(key), engine: decoder.engine, context: decoder.context, path: path.appending(key))
    }
}

struct UnkeyedTreeDecodingContainer: UnkeyedDecodingContainer {
    let decoder: TreeDecoder
    let items: [PropertyListValue]
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }
    private(set) var currentIndex = 0

    init(decoder: TreeDecoder, items: [PropertyListValue], path: CodingPath) {
        self.decoder = decoder
        self.items = items
        self.path = path
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count, NilMarker.level(of: items[currentIndex]) != nil else { return false }
        currentIndex += 1
        return true
    }

    private mutating func next() throws -> (PropertyListValue, CodingPath) {
        let key = IndexKey(intValue: currentIndex)
        guard currentIndex < items.count else {
            throw AutoCodingError(.missingValue, "the array has only \(items.count) elements",
                                  path: AutoCodingError.components(path.appending(key).keys))
        }
        let item = items[currentIndex]
        currentIndex += 1
        return (item, path.appending(key))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }

    private mutating func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let (item, path) = try next()
        return try decoder.decode(type, from: item, at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (item, path) = try next()
        return try TreeDecoder(value: item, engine: decoder.engine, context: decoder.context, path: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (item, path) = try next()
        return try TreeDecoder(value: item, engine: decoder.engine, context: decoder.context, path: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (item, path) = try next()
        return TreeDecoder(value: item, engine: decoder.engine, context: decoder.context, path: path)
    }
}

struct SingleValueTreeDecodingContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    let value: PropertyListValue
    let path: CodingPath
    var codingPath: [any CodingKey] { path.keys }

    func decodeNil() -> Bool { NilMarker.level(of: value) != nil }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }

    private func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decode(type, from: value, at: path)
    }
}
