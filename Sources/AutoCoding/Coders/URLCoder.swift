import Foundation

/// `URL` as its `absoluteString` (keyed archives: an `NSURL`).
final class URLCoder: ValueCoding {
    @_specialize(exported: false, where W == BinaryArchiveWriter)
    @_specialize(exported: false, where W == XMLArchiveWriter)
    @_specialize(exported: false, where W == CodableBridgeWriter)
    @_specialize(exported: false, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, where W == TreeArchiveWriter)
    @_specialize(exported: false, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: URL, to writer: inout W, _ context: EncodingContext) throws {
        try writer.url(value)
    }

    @_specialize(exported: false, where R == BinaryArchiveReader)
    @_specialize(exported: false, where R == TreeArchiveReader)
    @_specialize(exported: false, where R == XMLArchiveReader)
    @_specialize(exported: false, where R == CodableBridgeReader)
    @_specialize(exported: false, where R == NSCoderBridgeReader)
    @_specialize(exported: false, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> URL {
        try reader.url(node)
    }

    /// The decoders' own calls for `URL` (see ``BridgePropertyRead``).
    var hasTypedBridgeReads: Bool { true }

    func decodeBridgeEntry(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                           from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> URL {
        try container.decode(URL.self, forKey: key)
    }

    func decodeBridgeEntryIfPresent(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                                    from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> URL? {
        try container.decodeIfPresent(URL.self, forKey: key)
    }

    func decodeBridgeElement(_ container: inout any UnkeyedDecodingContainer, from reader: inout CodableBridgeReader,
                             _ context: DecodingContext) throws -> URL {
        try container.decode(URL.self)
    }
}
