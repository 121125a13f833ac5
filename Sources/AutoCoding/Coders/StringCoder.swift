/// `String` as a property-list string. The rare strings spelled like the nil marker (`$null`,
/// `$$null`, …) are written with one more `$` (see ``NilMarker``).
final class StringCoder: ValueCoding {
    @_specialize(exported: false, where W == BinaryArchiveWriter)
    @_specialize(exported: false, where W == XMLArchiveWriter)
    @_specialize(exported: false, where W == CodableBridgeWriter)
    @_specialize(exported: false, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, where W == TreeArchiveWriter)
    @_specialize(exported: false, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: String, to writer: inout W, _ context: EncodingContext) throws {
        if W.escapesReservedSpellings, NilMarker.needsEscape(value) {
            try writer.string(NilMarker.escaped(value))
        } else {
            try writer.string(value)
        }
    }

    @_specialize(exported: false, where R == BinaryArchiveReader)
    @_specialize(exported: false, where R == TreeArchiveReader)
    @_specialize(exported: false, where R == XMLArchiveReader)
    @_specialize(exported: false, where R == CodableBridgeReader)
    @_specialize(exported: false, where R == NSCoderBridgeReader)
    @_specialize(exported: false, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> String {
        let text = try reader.string(node)
        // Only a string that may be a marker or escaped is compared; the others are returned as read.
        guard R.escapesReservedSpellings, NilMarker.mayBeMarker(text) else { return text }
        // Strings spelled `$null` are written escaped, so this one is `nil`: where a `String` is
        // declared, the property keeps its default (an archive of an older `String?`).
        if text.utf8.count == 5, text == NilMarker.null {
            throw AutoCodingError(.typeMismatch, "expected String, found nil", expected: "String", found: "nil")
        }
        return NilMarker.unescaped(text)
    }

    /// The decoders' own calls for `String` (see ``BridgePropertyRead``).
    var hasTypedBridgeReads: Bool { true }

    func decodeBridgeEntry(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                           from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> String {
        try container.decode(String.self, forKey: key)
    }

    func decodeBridgeEntryIfPresent(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                                    from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> String? {
        try container.decodeIfPresent(String.self, forKey: key)
    }

    func decodeBridgeElement(_ container: inout any UnkeyedDecodingContainer, from reader: inout CodableBridgeReader,
                             _ context: DecodingContext) throws -> String {
        try container.decode(String.self)
    }
}
