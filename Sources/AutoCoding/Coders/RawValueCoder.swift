/// A `RawRepresentable` type (typically an enum) as its raw value.
final class RawValueCoder<Represented: RawRepresentable>: ValueCoding, @unchecked Sendable {
    // @unchecked: `raw` is immutable and itself Sendable.
    let raw: any ValueCoding<Represented.RawValue>

    init(raw: any ValueCoding<Represented.RawValue>) { self.raw = raw }

    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == CodableBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == TreeArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: Represented, to writer: inout W, _ context: EncodingContext) throws {
        try raw.encode(value.rawValue, to: &writer, context)
    }

    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Represented {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` compiled for the keyed reader (see ``ValueCoding/decodeKeyedValue(_:from:_:)``).
    func decodeKeyedValue(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          _ context: DecodingContext) throws -> Represented {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)``, inlined into the entry points that know the reader's type.
    @inline(__always)
    private func decodeValue<R: ArchiveReader>(_ node: R.Node, from reader: inout R,
                                               _ context: DecodingContext) throws -> Represented {
        try represented(try reader.decode(node, with: raw, context))
    }

    /// The value `rawValue` stands for; an error where there is none.
    @inline(__always)
    private func represented(_ rawValue: Represented.RawValue) throws -> Represented {
        guard let value = Represented(rawValue: rawValue) else {
            let spelled = rawValue as? String
            let found = spelled.map { "\"\($0)\"" } ?? String(describing: rawValue)
            throw AutoCodingError(.invalidValue, "\(Represented.self) has no value for raw value \(found)",
                                  expected: "\(Represented.self)", found: found)
        }
        return value
    }

    // MARK: Typed reads through the `Codable` bridge

    /// The raw value's typed reads (see ``BridgePropertyRead``).
    var hasTypedBridgeReads: Bool { raw.hasTypedBridgeReads }

    func decodeBridgeEntry(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                           from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Represented {
        try represented(try raw.decodeBridgeEntry(container, key, from: &reader, context))
    }

    func decodeBridgeEntryIfPresent(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                                    from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Represented? {
        guard let raw = try raw.decodeBridgeEntryIfPresent(container, key, from: &reader, context) else { return nil }
        return try represented(raw)
    }

    func decodeBridgeElement(_ container: inout any UnkeyedDecodingContainer, from reader: inout CodableBridgeReader,
                             _ context: DecodingContext) throws -> Represented {
        try represented(try raw.decodeBridgeElement(&container, from: &reader, context))
    }
}
