/// `Optional` of a supported type. `nil` is written as a nil marker wherever it occurs (a
/// property, an element, a dictionary value), so it reads back as `nil` whatever `init()` gives;
/// nested optionals record how many layers down the `nil` is, keeping `.none` distinct from
/// `.some(.none)`. Archives written before nil markers left a `nil` property's key out; such a
/// property keeps its default, as every missing key does.
///
/// The markers are ``NilMarker``'s: `$null` for a plain optional's `nil`, `{"$nil": level}` for a
/// `nil` further inside nested optionals.
///
/// Generic over the optional type itself (`Wrapped?`), so generic code has its metadata at hand.
final class OptionalCoder<Value: OptionalMarker>: ValueCoding, @unchecked Sendable {
    // @unchecked: `wrapped` is immutable and itself Sendable.
    typealias Wrapped = Value.Wrapped
    let wrapped: any ValueCoding<Wrapped>
    var nestedCoders: [any FieldCoding] { [wrapped] }
    let optionalLayers: Int

    init(wrapped: any ValueCoding<Wrapped>) {
        self.wrapped = wrapped
        optionalLayers = wrapped.optionalLayers + 1
    }

    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == CodableBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == TreeArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: Value, to writer: inout W, _ context: EncodingContext) throws {
        let present = try value.ifSome {
            writer.optionalValueFollows()
            try wrapped.encode($0, to: &writer, context)
        }
        if !present { try writer.nilMarker(level: optionalLayers - 1) }
    }

    /// ``ValueCoding/encodeBinaryField(in:at:to:_:)``, specialized whole for `String?` as the binary
    /// read is (``decodeBinaryValue(_:from:_:)``): generic code copies, unwraps and destroys the
    /// optional through its value witnesses at every field.
    @_specialize(exported: false, where Value == String?)
    func encodeBinaryField(in memory: InstanceMemory, at offset: Int, to writer: inout BinaryArchiveWriter,
                           _ context: EncodingContext) throws {
        try memory.withField(Value.self, at: offset) { try encode($0, to: &writer, context) }
    }

    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Value {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` compiled for the `Codable` bridge's reader (see
    /// ``ValueCoding/decodeBridgeValue(_:from:_:)``).
    func decodeBridgeValue(_ node: CodableBridgeReader.Node, from reader: inout CodableBridgeReader,
                           _ context: DecodingContext) throws -> Value {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` compiled for the binary reader (see
    /// ``ValueCoding/decodeBinaryValue(_:from:_:)``), and specialized whole for `String?`.
    @_specialize(exported: false, where Value == String?)
    func decodeBinaryValue(_ node: BinaryArchiveReader.Node, from reader: inout BinaryArchiveReader,
                           _ context: DecodingContext) throws -> Value {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` compiled for the keyed reader (see
    /// ``ValueCoding/decodeKeyedValue(_:from:_:)``), `String?` specialized whole as for the binary one.
    @_specialize(exported: false, where Value == String?)
    func decodeKeyedValue(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          _ context: DecodingContext) throws -> Value {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)``, inlined into the entry points that know the reader's type.
    @inline(__always)
    private func decodeValue<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Value {
        if let level = try reader.nilLevel(node) { return try nilValue(level: level) }
        return Value(some: try reader.decode(node, with: wrapped, context))
    }

    /// The wrapped value's typed read if the decoder holds one under the key (one lookup where the
    /// decoder has `decodeIfPresent(_:forKey:)` of its own, as synthesized `Codable` reads an
    /// optional), else `nil` where it holds `nil`; a missing key keeps the property's value, as in
    /// the general read (see ``BridgePropertyRead``). Nested optionals (whose `nil`s have levels)
    /// are read the general way.
    func decodeBridgeProperty(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                              into memory: InstanceMemory, at offset: Int, from reader: inout CodableBridgeReader,
                              _ context: DecodingContext) throws -> BridgePropertyRead {
        guard optionalLayers == 1, wrapped.hasTypedBridgeReads else { return .untyped }
        if let value = try wrapped.decodeBridgeEntryIfPresent(container, key, from: &reader, context) {
            memory.write(Value(some: value), at: offset)
        } else {
            guard container.contains(key) else { return .absent }
            memory.write(Value.none, at: offset)
        }
        return .stored
    }

    func nilValue(level: Int) throws -> Value {
        // A marker at least as deep as this layer is this layer's `nil` (deeper ones come from
        // archives of a type with more optional layers).
        if level >= optionalLayers - 1 { return .none }
        return Value(some: try wrapped.nilValue(level: level))
    }
}
