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

    /// Reads object `number` of a binary archive straight into a value (the default materializes
    /// the object's tree and decodes that).
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Value

    /// Writes `value` straight into an XML archive (the default writes the encoded tree).
    func writeXML(_ value: Value, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws
}

extension ValueCoding {
    var valueType: Any.Type { Value.self }
    var valueSize: Int { MemoryLayout<Value>.size }
    var valueAlignment: Int { MemoryLayout<Value>.alignment }
    func valueAccepts(_ value: Any) -> Bool { value is Value }

    func isAbsent(_ value: Value) -> Bool { false }

    func readBoxedField(in memory: InstanceMemory, at offset: Int) -> Any {
        memory.read(Value.self, at: offset)
    }

    func writeBoxedField(_ value: Any, in memory: InstanceMemory, at offset: Int) -> Bool {
        guard let typed = value as? Value else { return false }
        memory.write(typed, at: offset)
        return true
    }

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

    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Value {
        try decode(try reader.materialize(number), state)
    }

    @inline(__always)
    func readField(_ number: Int, from reader: inout BinaryArchiveReader, into memory: InstanceMemory, at offset: Int,
                   _ state: DecodingState) throws {
        let value = try read(number, from: &reader, state)
        memory.write(value, at: offset)
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
