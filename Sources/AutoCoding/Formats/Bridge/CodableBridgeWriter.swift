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
package struct CodableBridgeWriter: ArchiveWriter {
    package static var sharesObjects: Bool { false }
    package static var escapesReservedSpellings: Bool { false }

    private let encoder: any Encoder
    /// Whether each open container is keyed, outermost first; the containers themselves are in
    /// ``keyed`` and ``unkeyed`` (kept apart so each is mutated in place, not copied per value).
    private var isKeyed: [Bool] = []
    private var keyed: [KeyedEncodingContainer<BridgeKey>] = []
    /// The key of the next entry of the innermost keyed container (kept out of ``outerKeys`` so
    /// setting it per entry touches no array).
    private var key = BridgeKey("")
    /// The keys of the next entries of the keyed containers around the innermost, outermost first.
    private var outerKeys: [BridgeKey] = []
    private var unkeyed: [any UnkeyedEncodingContainer] = []

    init(_ encoder: any Encoder) { self.encoder = encoder }

    // MARK: Scalars

    /// Writes the next value with the call that suits where it goes: the encoder's single value,
    /// under the pending key, or as the next element. Each caller passes closures naming its
    /// concrete type, so the encoder's own overload for it runs (the one synthesized code calls),
    /// not the generic `encode(_:)`, which encoders serve through dynamic casts.
    @inline(__always)
    private mutating func put(single: (inout any SingleValueEncodingContainer) throws -> Void,
                              keyed: (inout KeyedEncodingContainer<BridgeKey>, BridgeKey) throws -> Void,
                              unkeyed: (inout any UnkeyedEncodingContainer) throws -> Void) throws {
        try Self.bridging {
            guard let keyedTop = isKeyed.last else {
                var container = encoder.singleValueContainer()
                return try single(&container)
            }
            if keyedTop { try keyed(&self.keyed[self.keyed.count - 1], key) } else {
                try unkeyed(&self.unkeyed[self.unkeyed.count - 1])
            }
        }
    }

    package mutating func string(_ value: String) throws {
        try put(single: { try $0.encode(value) }, keyed: { try $0.encode(value, forKey: $1) }, unkeyed: { try $0.encode(value) })
    }

    package mutating func integer(_ value: Int64) throws {
        // As `Int` where it fits, as synthesized code writes an `Int` property.
        guard let small = Int(exactly: value) else { return try put(value) }
        try put(single: { try $0.encode(small) }, keyed: { try $0.encode(small, forKey: $1) }, unkeyed: { try $0.encode(small) })
    }

    package mutating func real(_ value: Double) throws {
        try put(single: { try $0.encode(value) }, keyed: { try $0.encode(value, forKey: $1) }, unkeyed: { try $0.encode(value) })
    }

    package mutating func bool(_ value: Bool) throws {
        try put(single: { try $0.encode(value) }, keyed: { try $0.encode(value, forKey: $1) }, unkeyed: { try $0.encode(value) })
    }

    package mutating func unsigned(_ value: UInt64) throws { try put(value) }
    package mutating func real32(_ value: Float) throws { try put(value) }
    package mutating func date(_ value: Date) throws { try put(value) }
    package mutating func data(_ value: Data) throws { try put(value) }
    package mutating func url(_ value: URL) throws { try put(value) }
    package mutating func uuid(_ value: UUID) throws { try put(value) }

    /// Encodes any `Encodable` value where the next value goes (the encoder's generic entry).
    private mutating func put<T: Encodable>(_ value: T) throws {
        try put(single: { try $0.encode(value) }, keyed: { try $0.encode(value, forKey: $1) }, unkeyed: { try $0.encode(value) })
    }

    /// A `Codable` value the engine does not code itself: encoded by its own `encode(to:)` into
    /// this encoder, as synthesized `Codable` would.
    /// Its `encode(to:)` may call the bridge again, which then counts on from this depth.
    package mutating func encodable<T: Encodable>(_ value: T, _ context: EncodingContext) throws {
        try BridgeNesting.handingOver(at: context.levelsForHandOver) { try put(value) }
    }

    /// A field, through the coder's entry point for this format (specialized for it).
    package mutating func field(_ coder: any FieldCoding, in memory: InstanceMemory, at offset: Int,
                                _ context: EncodingContext) throws {
        try coder.encodeBridgeField(in: memory, at: offset, to: &self, context)
    }

    /// `nil`: the encoder's own. Nested optionals collapse to it (`.some(.none)` of an `Int??` is
    /// written as `nil`), as in synthesized `Codable`: a decoder has no other spelling to read back.
    package mutating func nilMarker(level: Int) throws {
        try put(single: { try $0.encodeNil() }, keyed: { try $0.encodeNil(forKey: $1) }, unkeyed: { try $0.encodeNil() })
    }

    /// A property-list tree (unknown entries a type kept, migrated values), written event by event.
    package mutating func tree(_ value: PropertyListValue) throws { try writeTreeEvents(value) }

    // MARK: Containers

    package mutating func beginArray(count: Int) throws {
        let container: any UnkeyedEncodingContainer
        if let keyedTop = isKeyed.last {
            container = keyedTop ? keyed[keyed.count - 1].nestedUnkeyedContainer(forKey: key)
                : unkeyed[unkeyed.count - 1].nestedUnkeyedContainer()
        } else {
            container = encoder.unkeyedContainer()
        }
        unkeyed.append(container)
        isKeyed.append(false)
    }

    package mutating func beginDictionary(count: Int) throws {
        let container: KeyedEncodingContainer<BridgeKey>
        if let keyedTop = isKeyed.last {
            container = keyedTop ? keyed[keyed.count - 1].nestedContainer(keyedBy: BridgeKey.self, forKey: key)
                : unkeyed[unkeyed.count - 1].nestedContainer(keyedBy: BridgeKey.self)
        } else {
            container = encoder.container(keyedBy: BridgeKey.self)
        }
        if !keyed.isEmpty { outerKeys.append(key) }
        keyed.append(container)
        key = BridgeKey("")
        isKeyed.append(true)
    }

    package mutating func endArray() throws {
        unkeyed.removeLast()
        isKeyed.removeLast()
    }

    package mutating func endDictionary() throws {
        keyed.removeLast()
        key = outerKeys.popLast() ?? BridgeKey("")
        isKeyed.removeLast()
    }

    package mutating func key(_ key: String) throws {
        guard isKeyed.last == true else { return }
        self.key = BridgeKey(key)
    }

    package mutating func key(_ key: ArchiveKey) throws { try self.key(key.text) }

    // MARK: Objects

    /// An object: a keyed container. The root records no type; a nested value that needs its type
    /// recorded (a subclass where its superclass is declared) records it as in the archives.
    package mutating func beginObject(_ start: ObjectStart) throws -> Bool {
        try beginDictionary(count: start.entryCount)
        if let record = start.typeRecord, isKeyed.count > 1 {
            try key(ReservedKey.typeKey)
            try string(record)
        }
        if start.plan.version != 0 {
            try key(ReservedKey.versionKey)
            try integer(Int64(start.plan.version))
        }
        return true
    }

    package mutating func endObject() throws { try endDictionary() }

    /// Runs an encoder call, turning what the encoder throws into an ``AutoCodingError`` (paths
    /// are added by the coders as it travels out).
    @inline(__always)
    private static func bridging(_ body: () throws -> Void) rethrows {
        do {
            try body()
        } catch {
            throw bridged(error)
        }
    }

    /// What ``bridging(_:)`` throws for `error`. Out of line: matching `EncodingError` looks up its
    /// metadata and makes room for it on the stack, which inlined into every write would be paid on
    /// every write, not only on the failing ones.
    @inline(never)
    private static func bridged(_ error: any Error) -> AutoCodingError {
        if let error = error as? AutoCodingError { return error }
        if let error = error as? EncodingError, case .invalidValue(let value, let context) = error {
            if let inner = CodableBridgePath.innerFailure(context.underlyingError) { return inner }
            return AutoCodingError(.unrepresentable, "the encoder refused \(value): \(context.debugDescription)")
        }
        return AutoCodingError(.unrepresentable, "the encoder refused a value: \(error)")
    }
}
