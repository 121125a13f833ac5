import Foundation
import PropertyList

/// The `Codable` format for coders: events become calls on an `Encoder`'s containers, so an
/// `AutoCodable` value encodes through `JSONEncoder`, `PropertyListEncoder` or any other encoder
/// as synthesized `Codable` would write it — one keyed container per object, its properties under
/// their archive keys — with AutoCoding's rules (renames, transient properties, `nil` written).
///
/// What differs from the archive formats: `nil` is the encoder's own `nil` (`encodeNil`), the root
/// records no type (the encoder's caller knows it; subclasses behind a declared class still record
/// theirs, so they read back), and dates, data, URLs and UUIDs are handed to the encoder as they
/// are, so its strategies apply.
struct CodableBridgeWriter: ArchiveWriter {
    static var sharesObjects: Bool { false }

    /// An open container.
    private enum Frame {
        case keyed(KeyedEncodingContainer<BridgeKey>, key: BridgeKey)
        case unkeyed(any UnkeyedEncodingContainer)
    }

    private let encoder: any Encoder
    private var stack: [Frame] = []

    init(_ encoder: any Encoder) { self.encoder = encoder }

    // MARK: Scalars

    /// Encodes `value` where the next value goes: under the pending key, as the next element, or
    /// as the encoder's single value.
    private mutating func put<T: Encodable>(_ value: T) throws {
        guard let top = stack.indices.last else {
            var container = encoder.singleValueContainer()
            return try Self.bridging { try container.encode(value) }
        }
        switch stack[top] {
        case .keyed(var container, let key):
            try Self.bridging { try container.encode(value, forKey: key) }
            stack[top] = .keyed(container, key: key)
        case .unkeyed(var container):
            try Self.bridging { try container.encode(value) }
            stack[top] = .unkeyed(container)
        }
    }

    mutating func string(_ value: String) throws { try put(value) }
    mutating func integer(_ value: Int64) throws { try put(value) }
    mutating func unsigned(_ value: UInt64) throws { try put(value) }
    mutating func real(_ value: Double) throws { try put(value) }
    mutating func real32(_ value: Float) throws { try put(value) }
    mutating func bool(_ value: Bool) throws { try put(value) }
    mutating func date(_ value: Date) throws { try put(value) }
    mutating func data(_ value: Data) throws { try put(value) }
    mutating func url(_ value: URL) throws { try put(value) }
    mutating func uuid(_ value: UUID) throws { try put(value) }

    /// A `Codable` value the engine does not code itself: encoded by its own `encode(to:)` into
    /// this encoder, as synthesized `Codable` would.
    mutating func encodable<T: Encodable>(_ value: T, _ context: EncodingContext) throws {
        try put(value)
    }

    mutating func nilMarker(level: Int) throws {
        guard level == 0 else {
            // `.some(.none)` of a nested optional: the plain formats' `{"$nil": level}`.
            try beginDictionary(count: 1)
            try key(ReservedKey.nilKey)
            try integer(Int64(level))
            return try endDictionary()
        }
        guard let top = stack.indices.last else {
            var container = encoder.singleValueContainer()
            return try Self.bridging { try container.encodeNil() }
        }
        switch stack[top] {
        case .keyed(var container, let key):
            try Self.bridging { try container.encodeNil(forKey: key) }
            stack[top] = .keyed(container, key: key)
        case .unkeyed(var container):
            try Self.bridging { try container.encodeNil() }
            stack[top] = .unkeyed(container)
        }
    }

    /// A property-list tree (unknown entries a type kept, migrated values), written event by event.
    mutating func tree(_ value: PropertyListValue) throws {
        switch value {
        case .string(let text): try string(text)
        case .integer(let number):
            if let signed = number.int64Value { try integer(signed) } else if let large = number.uint64Value { try unsigned(large) }
        case .real(let real): try self.real(real)
        case .real32(let real): try real32(real)
        case .bool(let flag): try bool(flag)
        case .date(let date): try self.date(date)
        case .data(let data): try self.data(data)
        case .uid(let number): try unsigned(number)
        case .array(let elements):
            try beginArray(count: elements.count)
            for element in elements { try tree(element) }
            try endArray()
        case .dictionary(let entries):
            try beginDictionary(count: entries.count)
            for (key, element) in entries {
                try self.key(key)
                try tree(element)
            }
            try endDictionary()
        }
    }

    // MARK: Containers

    mutating func beginArray(count: Int) throws {
        guard let top = stack.indices.last else {
            return stack.append(.unkeyed(encoder.unkeyedContainer()))
        }
        switch stack[top] {
        case .keyed(var container, let key):
            stack.append(.unkeyed(container.nestedUnkeyedContainer(forKey: key)))
            stack[top] = .keyed(container, key: key)
        case .unkeyed(var container):
            stack.append(.unkeyed(container.nestedUnkeyedContainer()))
            stack[top] = .unkeyed(container)
        }
    }

    mutating func beginDictionary(count: Int) throws {
        let placeholder = BridgeKey("")
        guard let top = stack.indices.last else {
            return stack.append(.keyed(encoder.container(keyedBy: BridgeKey.self), key: placeholder))
        }
        switch stack[top] {
        case .keyed(var container, let key):
            stack.append(.keyed(container.nestedContainer(keyedBy: BridgeKey.self, forKey: key), key: placeholder))
            stack[top] = .keyed(container, key: key)
        case .unkeyed(var container):
            stack.append(.keyed(container.nestedContainer(keyedBy: BridgeKey.self), key: placeholder))
            stack[top] = .unkeyed(container)
        }
    }

    mutating func endArray() throws { stack.removeLast() }
    mutating func endDictionary() throws { stack.removeLast() }

    mutating func key(_ key: String) throws {
        guard let top = stack.indices.last, case .keyed(let container, _) = stack[top] else { return }
        stack[top] = .keyed(container, key: BridgeKey(key))
    }

    mutating func key(_ key: ArchiveKey) throws { try self.key(key.text) }

    // MARK: Objects

    /// An object: a keyed container. The root records no type; a nested value that needs its type
    /// recorded (a subclass where its superclass is declared) records it as in the archives.
    mutating func beginObject(_ start: ObjectStart) throws -> Bool {
        try beginDictionary(count: start.entryCount)
        if let record = start.typeRecord, stack.count > 1 {
            try key(ReservedKey.typeKey)
            try string(record)
        }
        if start.plan.version != 0 {
            try key(ReservedKey.versionKey)
            try integer(Int64(start.plan.version))
        }
        return true
    }

    mutating func endObject() throws { try endDictionary() }

    /// Runs an encoder call, turning what the encoder throws into an ``AutoCodingError`` (paths
    /// are added by the coders as it travels out).
    @inline(__always)
    private static func bridging(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as AutoCodingError {
            throw error
        } catch let error as EncodingError {
            if case .invalidValue(let value, let context) = error {
                throw AutoCodingError(.unrepresentable, "the encoder refused \(value): \(context.debugDescription)")
            }
            throw AutoCodingError(.unrepresentable, "the encoder refused a value: \(error)")
        } catch {
            throw AutoCodingError(.unrepresentable, "the encoder refused a value: \(error)")
        }
    }
}
