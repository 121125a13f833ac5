/// `Float` as a 32-bit real (exact in binary archives; XML has no width, so a real read from XML
/// is rounded to the nearest `Float`, which gives back the written value).
final class FloatCoder: ValueCoding {
    @_specialize(exported: false, where W == BinaryArchiveWriter)
    @_specialize(exported: false, where W == XMLArchiveWriter)
    @_specialize(exported: false, where W == CodableBridgeWriter)
    @_specialize(exported: false, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, where W == TreeArchiveWriter)
    @_specialize(exported: false, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: Float, to writer: inout W, _ context: EncodingContext) throws {
        try writer.real32(value)
    }

    @_specialize(exported: false, where R == BinaryArchiveReader)
    @_specialize(exported: false, where R == TreeArchiveReader)
    @_specialize(exported: false, where R == XMLArchiveReader)
    @_specialize(exported: false, where R == CodableBridgeReader)
    @_specialize(exported: false, where R == NSCoderBridgeReader)
    @_specialize(exported: false, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Float {
        try reader.real32(node)
    }

    /// The decoders' own calls for `Float` (see ``BridgePropertyRead``).
    var hasTypedBridgeReads: Bool { true }

    func decodeBridgeEntry(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                           from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Float {
        try container.decode(Float.self, forKey: key)
    }

    func decodeBridgeEntryIfPresent(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                                    from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Float? {
        try container.decodeIfPresent(Float.self, forKey: key)
    }

    func decodeBridgeElement(_ container: inout any UnkeyedDecodingContainer, from reader: inout CodableBridgeReader,
                             _ context: DecodingContext) throws -> Float {
        try container.decode(Float.self)
    }
}
