import PropertyList

/// Converts values of one type to and from property-list values.
///
/// One coder exists per archivable type, built when a plan needs it and shared by every plan
/// (coders are immutable after construction). Typed calls between coders avoid boxing values in
/// `Any` on the hot path.
protocol ValueCoding<Value>: FieldCoding {
    associatedtype Value

    /// The property-list form of `value`.
    func encode(_ value: Value, _ state: EncodingState) throws -> PropertyListValue

    /// The value a property-list value stands for; throws without side effects on mismatch.
    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Value

    /// Whether `value` is left out of its enclosing dictionary (only `nil` optionals are).
    func isAbsent(_ value: Value) -> Bool

    /// Writes `value` straight into a binary archive and returns its object number.
    ///
    /// The default encodes a tree and writes it; hot coders write directly.
    func write(_ value: Value, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32

    /// Writes `value` straight into an XML archive (the default writes the encoded tree).
    func writeXML(_ value: Value, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws
}

/// The type-erased face of a coder that plans use for stored properties.
protocol FieldCoding: AnyObject, Sendable {
    /// The coded type.
    var valueType: Any.Type { get }
    /// Encodes the field at `offset`, or returns `nil` when it is left out (a `nil` optional).
    func encodeField(in memory: InstanceMemory, at offset: Int, _ state: EncodingState) throws -> PropertyListValue?
    /// Writes the field at `offset` into a binary archive, or returns `nil` when it is left out.
    func writeField(in memory: InstanceMemory, at offset: Int, to writer: inout BinaryArchiveWriter,
                    _ state: EncodingState) throws -> UInt32?
    /// Writes the key and the field at `offset` into an XML archive, or nothing when it is left out.
    func writeXMLField(in memory: InstanceMemory, at offset: Int, key: String, to writer: inout XMLArchiveWriter,
                       _ state: EncodingState) throws
    /// Writes a value given as `Any` (the `Mirror` path) into a binary archive.
    func writeAny(_ value: Any, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32?
    /// Decodes `plist` and stores it in the field at `offset`; nothing is written on error.
    func decodeField(_ plist: PropertyListValue, into memory: InstanceMemory, at offset: Int, _ state: DecodingState) throws
    /// Encodes a value given as `Any` (the `Mirror` path), or returns `nil` when it is left out.
    func encodeAny(_ value: Any, _ state: EncodingState) throws -> PropertyListValue?
    /// `MemoryLayout` size of the coded type.
    var valueSize: Int { get }
    /// `MemoryLayout` alignment of the coded type.
    var valueAlignment: Int { get }
    /// Whether `value` (as `Mirror` reports it) is of the coded type.
    func valueAccepts(_ value: Any) -> Bool
    /// Whether the field at `offset` holds the same archive as `mirrorValue` (plan verification).
    func fieldAgrees(with mirrorValue: Any, in memory: InstanceMemory, at offset: Int) -> Bool
}

extension ValueCoding {
    var valueType: Any.Type { Value.self }
    var valueSize: Int { MemoryLayout<Value>.size }
    var valueAlignment: Int { MemoryLayout<Value>.alignment }
    func valueAccepts(_ value: Any) -> Bool { value is Value }

    func isAbsent(_ value: Value) -> Bool { false }

    @inline(__always)
    func encodeField(in memory: InstanceMemory, at offset: Int, _ state: EncodingState) throws -> PropertyListValue? {
        let value = memory.read(Value.self, at: offset)
        if isAbsent(value) { return nil }
        return try encode(value, state)
    }

    func write(_ value: Value, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try writer.tree(try encode(value, state))
    }

    func writeXML(_ value: Value, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        try writer.tree(try encode(value, state))
    }

    @inline(__always)
    func writeXMLField(in memory: InstanceMemory, at offset: Int, key: String, to writer: inout XMLArchiveWriter,
                       _ state: EncodingState) throws {
        let value = memory.read(Value.self, at: offset)
        if isAbsent(value) { return }
        try writer.key(key)
        try writeXML(value, to: &writer, state)
    }

    @inline(__always)
    func writeField(in memory: InstanceMemory, at offset: Int, to writer: inout BinaryArchiveWriter,
                    _ state: EncodingState) throws -> UInt32? {
        let value = memory.read(Value.self, at: offset)
        if isAbsent(value) { return nil }
        return try write(value, to: &writer, state)
    }

    func writeAny(_ value: Any, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32? {
        guard let encoded = try encodeAny(value, state) else { return nil }
        return try writer.tree(encoded)
    }

    @inline(__always)
    func decodeField(_ plist: PropertyListValue, into memory: InstanceMemory, at offset: Int, _ state: DecodingState) throws {
        let value = try decode(plist, state)
        memory.write(value, at: offset)
    }

    func encodeAny(_ value: Any, _ state: EncodingState) throws -> PropertyListValue? {
        guard let typed = value as? Value else {
            throw AutoCodingError(.typeMismatch, "Mirror reported a \(type(of: value)) where \(Value.self) was declared",
                                  expected: "\(Value.self)", found: "\(type(of: value))")
        }
        if isAbsent(typed) { return nil }
        return try encode(typed, state)
    }

    func fieldAgrees(with mirrorValue: Any, in memory: InstanceMemory, at offset: Int) -> Bool {
        guard let typed = mirrorValue as? Value else { return false }
        let stored = memory.read(Value.self, at: offset)
        let probe = EncodingState(registry: AutoCodingRegistry.snapshot(), viaMirror: false)
        do {
            let viaOffset = isAbsent(stored) ? nil : try encode(stored, probe)
            let viaMirror = isAbsent(typed) ? nil : try encode(typed, probe)
            return viaOffset == viaMirror
        } catch {
            // Values that cannot be encoded (an unregistered subclass in a default instance)
            // are compared by type only.
            return true
        }
    }
}

/// Per-archive state while encoding.
final class EncodingState {
    /// Registered names, read once per archive.
    let registry: AutoCodingRegistry.Snapshot
    /// Objects on the path from the root to the value being encoded, for cycle detection.
    var activeObjects: [ObjectIdentifier] = []
    /// Whether nested `AutoCodable` values are read through `Mirror` (the reference path).
    let viaMirror: Bool

    init(registry: AutoCodingRegistry.Snapshot, viaMirror: Bool) {
        self.registry = registry
        self.viaMirror = viaMirror
    }
}

/// Per-archive state while decoding.
final class DecodingState {
    /// Registered names, read once per archive.
    let registry: AutoCodingRegistry.Snapshot

    init(registry: AutoCodingRegistry.Snapshot) {
        self.registry = registry
    }
}

extension PropertyListValue {
    /// The name of this value's kind in error messages ("integer", "string", …).
    var autoCodingKindName: String {
        switch self {
        case .dictionary: return "dictionary"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "integer"
        case .real, .real32: return "real"
        case .bool: return "bool"
        case .date: return "date"
        case .data: return "data"
        case .uid: return "uid"
        }
    }
}
