import PropertyList

/// The type-erased face of a coder, held by plans (one per stored property) and by coders of
/// values whose type is known only at run time.
package protocol FieldCoding: AnyObject, Sendable {
    /// The coded type.
    var valueType: Any.Type { get }
    /// `MemoryLayout` size of the coded type.
    var valueSize: Int { get }
    /// `MemoryLayout` alignment of the coded type.
    var valueAlignment: Int { get }
    /// How many `Optional` layers the coded type has (0 when it is not optional).
    var optionalLayers: Int { get }
    /// The coders of the values this one holds (elements, the wrapped value, an object's
    /// properties): how the `NSCoding` bridge finds the classes a type can hold.
    var nestedCoders: [any FieldCoding] { get }

    /// Writes the field stored at `offset` of `memory`.
    func encodeField<W: ArchiveWriter & ~Copyable>(in memory: InstanceMemory, at offset: Int, to writer: inout W,
                                                   _ context: EncodingContext) throws
    /// Reads `node` and stores the value in the field at `offset` of `memory`; nothing is stored on error.
    func decodeField<R: ArchiveReader>(_ node: R.Node, from reader: inout R, into memory: InstanceMemory, at offset: Int,
                                       _ context: DecodingContext) throws
    /// ``encodeField(in:at:to:_:)`` for the binary format, through which binary writers reach a
    /// coder specialized for them (``ArchiveWriter/field(_:in:at:_:)``): the same code, without
    /// dispatching on the writer's type at every field.
    func encodeBinaryField(in memory: InstanceMemory, at offset: Int, to writer: inout BinaryArchiveWriter,
                           _ context: EncodingContext) throws
    /// ``decodeField(_:from:into:at:_:)`` for the binary format (see ``encodeBinaryField(in:at:to:_:)``).
    func decodeBinaryField(_ node: BinaryArchiveReader.Node, from reader: inout BinaryArchiveReader,
                           into memory: InstanceMemory, at offset: Int, _ context: DecodingContext) throws
    /// ``encodeField(in:at:to:_:)`` for the keyed format (as ``encodeBinaryField(in:at:to:_:)`` is
    /// for the binary one).
    func encodeKeyedField(in memory: InstanceMemory, at offset: Int, to writer: inout KeyedArchiveWriter,
                          _ context: EncodingContext) throws
    /// ``decodeField(_:from:into:at:_:)`` for the keyed format.
    func decodeKeyedField(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          into memory: InstanceMemory, at offset: Int, _ context: DecodingContext) throws
    /// ``encodeField(in:at:to:_:)`` for the `Codable` bridge (as ``encodeBinaryField(in:at:to:_:)`` is
    /// for the binary format).
    func encodeBridgeField(in memory: InstanceMemory, at offset: Int, to writer: inout CodableBridgeWriter,
                           _ context: EncodingContext) throws
    /// ``decodeField(_:from:into:at:_:)`` for the `Codable` bridge.
    func decodeBridgeField(_ node: CodableBridgeReader.Node, from reader: inout CodableBridgeReader,
                           into memory: InstanceMemory, at offset: Int, _ context: DecodingContext) throws
    /// Reads an object's property, the value under `key` of `container`, with the decoder's own
    /// call for the coded type (the one synthesized `Codable` makes) and stores it in the field at
    /// `offset` of `memory`: the `Codable` bridge's typed read (see ``BridgePropertyRead``).
    /// ``BridgePropertyRead/untyped`` (the default) when the coder has none.
    func decodeBridgeProperty(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                              into memory: InstanceMemory, at offset: Int, from reader: inout CodableBridgeReader,
                              _ context: DecodingContext) throws -> BridgePropertyRead
    /// Writes a value given as `Any` (the `Mirror` path, values behind existentials).
    func encodeBoxed<W: ArchiveWriter & ~Copyable>(_ value: Any, to writer: inout W, _ context: EncodingContext) throws
    /// Reads `node` as a value of the coded type, boxed.
    func decodeBoxed<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Any
    /// Whether `value` (as `Mirror` reports it) is of the coded type.
    func valueAccepts(_ value: Any) -> Bool
    /// Replaces the field at `offset` of `destination` by a copy of the one at the same offset of
    /// `source` (an instance of the same type): how a failed graph read resets what it filled in.
    func copyField(from source: InstanceMemory, to destination: InstanceMemory, at offset: Int)
    /// Whether the field at `offset` of `memory` archives the same as `mirrorValue` (plan verification).
    func fieldAgrees(with mirrorValue: Any, in memory: InstanceMemory, at offset: Int, _ engine: AutoCodingEngine) -> Bool
}

/// Writes values of one type and reads them back, through any format: one coder per kind of
/// value, built when a plan needs it and shared by every plan (coders are immutable).
package protocol ValueCoding<Value>: FieldCoding {
    associatedtype Value

    /// Writes `value`.
    func encode<W: ArchiveWriter & ~Copyable>(_ value: Value, to writer: inout W, _ context: EncodingContext) throws

    /// Reads the value `node` stands for; throws without side effects on mismatch.
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Value

    /// The value a nil marker of `level` stands for; only `Optional` coders have one.
    func nilValue(level: Int) throws -> Value

    /// Whether ``decodeBridgeEntry(_:_:from:_:)`` and ``decodeBridgeElement(_:from:_:)`` are this
    /// coder's: the decoders have calls of their own for the coded type that read it as the
    /// general read does (scalars, dates, data; arrays and `AutoCodable` values made of such).
    var hasTypedBridgeReads: Bool { get }

    /// The value under `key` of `container`, read with the decoder's own call for the coded type
    /// (`decode(_:forKey:)`), which throws where there is none or `nil`; only called when
    /// ``hasTypedBridgeReads``. What ``FieldCoding/decodeBridgeProperty(_:_:into:at:from:_:)``
    /// reads, and what an `Optional` coder reads for its wrapped value.
    func decodeBridgeEntry(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                           from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Value

    /// ``decodeBridgeEntry(_:_:from:_:)``, or `nil` where the decoder holds `nil` under `key` or no
    /// value at all (what synthesized `Codable` reads an optional property with,
    /// `decodeIfPresent(_:forKey:)`); only called when ``hasTypedBridgeReads``. A missing key is
    /// not an error here: decoders build a thrown error's path and description, which would cost a
    /// missing optional many times what reading it costs.
    func decodeBridgeEntryIfPresent(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                                    from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Value?

    /// The next element of `container`, read with the decoder's own call for the coded type; only
    /// called when ``hasTypedBridgeReads`` (an array's typed read).
    func decodeBridgeElement(_ container: inout any UnkeyedDecodingContainer, from reader: inout CodableBridgeReader,
                             _ context: DecodingContext) throws -> Value

    /// ``decode(_:from:_:)`` for the `Codable` bridge, through which the bridge's reader reaches a
    /// coder specialized for it (``ArchiveReader/decode(_:with:_:)``): the same code, without
    /// dispatching on the reader's type at every element of a collection.
    func decodeBridgeValue(_ node: CodableBridgeReader.Node, from reader: inout CodableBridgeReader,
                           _ context: DecodingContext) throws -> Value

    /// ``decode(_:from:_:)`` for the binary format, through which its reader reaches a coder
    /// specialized for it (``ArchiveReader/decode(_:with:_:)``, ``FieldCoding/decodeBinaryField(_:from:into:at:_:)``),
    /// as ``decodeBridgeValue(_:from:_:)`` does for the `Codable` bridge: the same code, without
    /// working out which specialization to run at every element of a collection.
    func decodeBinaryValue(_ node: BinaryArchiveReader.Node, from reader: inout BinaryArchiveReader,
                           _ context: DecodingContext) throws -> Value

    /// ``decode(_:from:_:)`` for the keyed format, through which its reader reaches a coder
    /// specialized for it (``ArchiveReader/decode(_:with:_:)``, ``FieldCoding/decodeKeyedField(_:from:into:at:_:)``),
    /// as ``decodeBinaryValue(_:from:_:)`` does for the binary format.
    func decodeKeyedValue(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          _ context: DecodingContext) throws -> Value
}

extension ValueCoding {
    var valueType: Any.Type { Value.self }
    var valueSize: Int { MemoryLayout<Value>.size }
    var valueAlignment: Int { MemoryLayout<Value>.alignment }
    var optionalLayers: Int { 0 }
    var nestedCoders: [any FieldCoding] { [] }

    func nilValue(level: Int) throws -> Value {
        throw AutoCodingError(.typeMismatch, "expected \(Value.self), found nil", expected: "\(Value.self)", found: "nil")
    }

    func valueAccepts(_ value: Any) -> Bool { value is Value }

    var hasTypedBridgeReads: Bool { false }

    func decodeBridgeEntry(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                           from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Value {
        throw BridgePropertyRead.noTypedRead(Value.self)
    }

    func decodeBridgeElement(_ container: inout any UnkeyedDecodingContainer, from reader: inout CodableBridgeReader,
                             _ context: DecodingContext) throws -> Value {
        throw BridgePropertyRead.noTypedRead(Value.self)
    }

    /// The key looked up first, then `nil` asked for, as `decodeIfPresent(_:forKey:)` does where a
    /// decoder has no call of its own for the type; coders of scalars call the decoders' own.
    func decodeBridgeEntryIfPresent(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                                    from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Value? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try decodeBridgeEntry(container, key, from: &reader, context)
    }

    @inline(__always)
    func decodeBridgeProperty(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                              into memory: InstanceMemory, at offset: Int, from reader: inout CodableBridgeReader,
                              _ context: DecodingContext) throws -> BridgePropertyRead {
        guard hasTypedBridgeReads else { return .untyped }
        memory.write(try decodeBridgeEntry(container, key, from: &reader, context), at: offset)
        return .stored
    }

    @inline(__always)
    func encodeField<W: ArchiveWriter & ~Copyable>(in memory: InstanceMemory, at offset: Int, to writer: inout W,
                                                   _ context: EncodingContext) throws {
        try memory.withField(Value.self, at: offset) { try encode($0, to: &writer, context) }
    }

    @inline(__always)
    func decodeField<R: ArchiveReader>(_ node: R.Node, from reader: inout R, into memory: InstanceMemory, at offset: Int,
                                       _ context: DecodingContext) throws {
        memory.write(try decode(node, from: &reader, context), at: offset)
    }

    @inline(__always)
    func encodeBinaryField(in memory: InstanceMemory, at offset: Int, to writer: inout BinaryArchiveWriter,
                           _ context: EncodingContext) throws {
        try memory.withField(Value.self, at: offset) { try encode($0, to: &writer, context) }
    }

    @inline(__always)
    func decodeBinaryField(_ node: BinaryArchiveReader.Node, from reader: inout BinaryArchiveReader,
                           into memory: InstanceMemory, at offset: Int, _ context: DecodingContext) throws {
        memory.write(try decodeBinaryValue(node, from: &reader, context), at: offset)
    }

    @inline(__always)
    func decodeBinaryValue(_ node: BinaryArchiveReader.Node, from reader: inout BinaryArchiveReader,
                           _ context: DecodingContext) throws -> Value {
        try decode(node, from: &reader, context)
    }

    @inline(__always)
    func encodeKeyedField(in memory: InstanceMemory, at offset: Int, to writer: inout KeyedArchiveWriter,
                          _ context: EncodingContext) throws {
        try memory.withField(Value.self, at: offset) { try encode($0, to: &writer, context) }
    }

    @inline(__always)
    func decodeKeyedField(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          into memory: InstanceMemory, at offset: Int, _ context: DecodingContext) throws {
        memory.write(try decodeKeyedValue(node, from: &reader, context), at: offset)
    }

    @inline(__always)
    func decodeKeyedValue(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          _ context: DecodingContext) throws -> Value {
        try decode(node, from: &reader, context)
    }

    @inline(__always)
    func encodeBridgeField(in memory: InstanceMemory, at offset: Int, to writer: inout CodableBridgeWriter,
                           _ context: EncodingContext) throws {
        try memory.withField(Value.self, at: offset) { try encode($0, to: &writer, context) }
    }

    @inline(__always)
    func decodeBridgeField(_ node: CodableBridgeReader.Node, from reader: inout CodableBridgeReader,
                           into memory: InstanceMemory, at offset: Int, _ context: DecodingContext) throws {
        memory.write(try decodeBridgeValue(node, from: &reader, context), at: offset)
    }

    @inline(__always)
    func decodeBridgeValue(_ node: CodableBridgeReader.Node, from reader: inout CodableBridgeReader,
                           _ context: DecodingContext) throws -> Value {
        try decode(node, from: &reader, context)
    }

    func copyField(from source: InstanceMemory, to destination: InstanceMemory, at offset: Int) {
        destination.write(source.read(Value.self, at: offset), at: offset)
    }

    func encodeBoxed<W: ArchiveWriter & ~Copyable>(_ value: Any, to writer: inout W, _ context: EncodingContext) throws {
        guard let typed = value as? Value else {
            throw AutoCodingError(.typeMismatch, "expected a \(Value.self), found a \(type(of: value))",
                                  expected: "\(Value.self)", found: "\(type(of: value))")
        }
        try encode(typed, to: &writer, context)
    }

    func decodeBoxed<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Any {
        try decode(node, from: &reader, context)
    }

    func fieldAgrees(with mirrorValue: Any, in memory: InstanceMemory, at offset: Int, _ engine: AutoCodingEngine) -> Bool {
        guard let typed = mirrorValue as? Value else { return false }
        let stored = memory.read(Value.self, at: offset)
        do {
            return try engine.probeTree(of: stored, self) == engine.probeTree(of: typed, self)
        } catch {
            // Values that cannot be archived (an unregistered subclass in a default instance) are
            // compared by type only.
            return true
        }
    }
}
