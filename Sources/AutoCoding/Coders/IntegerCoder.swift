import PropertyList

/// Every fixed-width integer type as a property-list integer; decoding refuses values the type
/// cannot hold (``AutoCodingError/Kind/integerOutOfRange``).
final class IntegerCoder<Integer: FixedWidthInteger & Sendable>: ValueCoding, @unchecked Sendable {
    // @unchecked: stateless.
    // `Int` through the `Codable` bridge is specialized whole: partially specialized code converts
    // a generic integer through its protocol witnesses at every property.
    @_specialize(exported: false, where W == CodableBridgeWriter, Integer == Int)
    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == CodableBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == TreeArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: Integer, to writer: inout W, _ context: EncodingContext) throws {
        try Self.write(value, to: &writer)
    }

    /// How an integer is written: signed types as `Int64`, unsigned ones as `UInt64`.
    @inline(__always)
    private static func write<W: ArchiveWriter & ~Copyable>(_ value: Integer, to writer: inout W) throws {
        if Integer.isSigned {
            try writer.integer(Int64(truncatingIfNeeded: value))
        } else {
            try writer.unsigned(UInt64(truncatingIfNeeded: value))
        }
    }

    /// ``ValueCoding/encodeBinaryField(in:at:to:_:)``: `Int` runs code specialized whole, chosen by
    /// comparing the type here (as ``decodeBinaryValue(_:from:_:)`` does); partially specialized code
    /// converts a generic integer through its protocol witnesses at every value.
    func encodeBinaryField(in memory: InstanceMemory, at offset: Int, to writer: inout BinaryArchiveWriter,
                           _ context: EncodingContext) throws {
        try encodeSpecializedField(in: memory, at: offset, to: &writer, context)
    }

    /// ``ValueCoding/encodeKeyedField(in:at:to:_:)``, with `Int` specialized whole as in
    /// ``encodeBinaryField(in:at:to:_:)``.
    func encodeKeyedField(in memory: InstanceMemory, at offset: Int, to writer: inout KeyedArchiveWriter,
                          _ context: EncodingContext) throws {
        try encodeSpecializedField(in: memory, at: offset, to: &writer, context)
    }

    /// The field write of the entry points that know the writer's type: `Int` by code specialized
    /// whole, the other integer types through ``encode(_:to:_:)``.
    @inline(__always)
    private func encodeSpecializedField<W: ArchiveWriter & ~Copyable>(in memory: InstanceMemory, at offset: Int,
                                                                      to writer: inout W, _ context: EncodingContext) throws {
        if Integer.self == Int.self { return try IntegerCoder<Int>.write(memory.read(Int.self, at: offset), to: &writer) }
        try memory.withField(Integer.self, at: offset) { try encode($0, to: &writer, context) }
    }

    @_specialize(exported: false, where R == CodableBridgeReader, Integer == Int)
    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Integer {
        try Self.value(node, from: &reader)
    }

    /// ``decode(_:from:_:)`` compiled for the binary reader (see
    /// ``ValueCoding/decodeBinaryValue(_:from:_:)``). `Int` runs code specialized whole, chosen by
    /// comparing the type here: finding an `@_specialize` specialization of this method cost more
    /// than reading the integer.
    func decodeBinaryValue(_ node: BinaryArchiveReader.Node, from reader: inout BinaryArchiveReader,
                           _ context: DecodingContext) throws -> Integer {
        try Self.specializedValue(node, from: &reader)
    }

    /// ``decodeField(_:from:into:at:_:)`` for the keyed format, as ``decodeBinaryValue(_:from:_:)``
    /// is for the binary one: the partially specialized `decode` converted an `Int` through the
    /// integer protocols' witnesses at every property (some 600 instructions an integer).
    func decodeKeyedField(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          into memory: InstanceMemory, at offset: Int, _ context: DecodingContext) throws {
        memory.write(try Self.specializedValue(node, from: &reader), at: offset)
    }

    /// ``decode(_:from:_:)`` for the keyed format (elements, dictionary values), as
    /// ``decodeKeyedField(_:from:into:at:_:)`` reads properties.
    func decodeKeyedValue(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          _ context: DecodingContext) throws -> Integer {
        try Self.specializedValue(node, from: &reader)
    }

    /// ``value(_:from:)`` of a reader whose type is known: `Int` runs code specialized whole,
    /// chosen by comparing the type here (finding an `@_specialize` specialization of the caller
    /// cost more than reading the integer); the other types run ``otherValue(_:from:)``.
    @inline(__always)
    private static func specializedValue<R: ArchiveReader>(_ node: R.Node, from reader: inout R) throws -> Integer {
        if Integer.self == Int.self {
            return unsafeBitCast(try IntegerCoder<Int>.value(node, from: &reader), to: Integer.self)
        }
        return try otherValue(node, from: &reader)
    }

    /// ``specializedValue(_:from:)`` of the other integer types, apart so that the `Int` path
    /// does not fetch what generic integer code needs (its literal type) on the way in.
    @inline(never)
    private static func otherValue<R: ArchiveReader>(_ node: R.Node, from reader: inout R) throws -> Integer {
        try value(node, from: &reader)
    }

    // MARK: Typed reads through the `Codable` bridge

    /// `Int` through the decoders' own calls for it (see ``BridgePropertyRead``); other widths are
    /// read the general way, which checks their range as for every format.
    var hasTypedBridgeReads: Bool { Integer.self == Int.self }

    func decodeBridgeEntry(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                           from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Integer {
        guard Integer.self == Int.self else { throw BridgePropertyRead.noTypedRead(Integer.self) }
        return Integer(truncatingIfNeeded: try container.decode(Int.self, forKey: key))
    }

    func decodeBridgeEntryIfPresent(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                                    from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Integer? {
        guard Integer.self == Int.self else { throw BridgePropertyRead.noTypedRead(Integer.self) }
        guard let value = try container.decodeIfPresent(Int.self, forKey: key) else { return nil }
        return Integer(truncatingIfNeeded: value)
    }

    func decodeBridgeElement(_ container: inout any UnkeyedDecodingContainer, from reader: inout CodableBridgeReader,
                             _ context: DecodingContext) throws -> Integer {
        guard Integer.self == Int.self else { throw BridgePropertyRead.noTypedRead(Integer.self) }
        return Integer(truncatingIfNeeded: try container.decode(Int.self))
    }

    /// ``decodeBridgeEntry(_:_:from:_:)`` stored as the `Int` it is.
    func decodeBridgeProperty(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                              into memory: InstanceMemory, at offset: Int, from reader: inout CodableBridgeReader,
                              _ context: DecodingContext) throws -> BridgePropertyRead {
        guard Integer.self == Int.self else { return .untyped }
        memory.write(try container.decode(Int.self, forKey: key), at: offset)
        return .stored
    }

    /// The integer `node` holds, as an `Integer`: ``decode(_:from:_:)``, inlined into the entry
    /// points that know the reader's type.
    @inline(__always)
    private static func value<R: ArchiveReader>(_ node: R.Node, from reader: inout R) throws -> Integer {
        let number = try reader.integer(node)
        // Exactness checked by converting back (no `Integer?` on this path: generic optionals cost a
        // metadata lookup per call).
        if let signed = number.int64Value {
            let value = Integer(truncatingIfNeeded: signed)
            if Int64(truncatingIfNeeded: value) == signed, (value < 0) == (signed < 0) { return value }
        }
        if let unsigned = number.uint64Value {
            let value = Integer(truncatingIfNeeded: unsigned)
            if UInt64(truncatingIfNeeded: value) == unsigned, value >= 0 { return value }
        }
        throw AutoCodingError(.integerOutOfRange, "\(number) does not fit \(Integer.self)",
                              expected: "\(Integer.self)", found: "\(number)")
    }
}
