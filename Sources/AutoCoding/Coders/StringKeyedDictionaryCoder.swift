/// `[String: V]` as a property-list dictionary with keys in ascending order of their Unicode scalars
/// (reproducible archives). Keys starting with `$` are written with one more `$` (see
/// ``ReservedKey/escaped(_:)``).
final class StringKeyedDictionaryCoder<Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>
    var nestedCoders: [any FieldCoding] { [element] }

    init(element: any ValueCoding<Element>) { self.element = element }

    // `[String: String]` (notes, attributes) is common enough to be specialized whole: iterating a
    // dictionary of an unknown element type instantiates its metadata at every call.
    @_specialize(exported: false, where W == BinaryArchiveWriter, Element == String)
    @_specialize(exported: false, where W == KeyedArchiveWriter, Element == String)
    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == CodableBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == TreeArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: [String: Element], to writer: inout W,
                                              _ context: EncodingContext) throws {
        try context.nested {
            try writer.beginDictionary(count: value.count)
            // Entries in ascending order of their keys' Unicode scalars (UTF-8 byte order). The keys
            // alone are sorted, a `[String]` (no generic entries to move), then looked up.
            if value.count < 2 {
                for (key, item) in value { try entry(key, item, to: &writer, context) }
            } else {
                for key in value.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                    guard let item = value[key] else { continue }
                    try entry(key, item, to: &writer, context)
                }
            }
            try writer.endDictionary()
        }
    }

    @inline(__always)
    private func entry<W: ArchiveWriter & ~Copyable>(_ key: String, _ item: Element, to writer: inout W,
                                                     _ context: EncodingContext) throws {
        do {
            try writer.key(W.escapesReservedSpellings ? ReservedKey.escaped(key) : key)
            try element.encode(item, to: &writer, context)
        } catch let error as AutoCodingError {
            throw error.within(.key(key))
        }
    }

    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> [String: Element] {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` compiled for the binary reader (see
    /// ``ValueCoding/decodeBinaryValue(_:from:_:)``), and specialized whole for `[String: String]`
    /// (see ``encode(_:to:_:)``).
    @_specialize(exported: false, where Element == String)
    func decodeBinaryValue(_ node: BinaryArchiveReader.Node, from reader: inout BinaryArchiveReader,
                           _ context: DecodingContext) throws -> [String: Element] {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` compiled for the keyed reader (see
    /// ``ValueCoding/decodeKeyedValue(_:from:_:)``), `[String: String]` specialized whole as for the
    /// binary one.
    @_specialize(exported: false, where Element == String)
    func decodeKeyedValue(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          _ context: DecodingContext) throws -> [String: Element] {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)``, inlined into the entry points that know the reader's type.
    @inline(__always)
    private func decodeValue<R: ArchiveReader>(_ node: R.Node, from reader: inout R,
                                               _ context: DecodingContext) throws -> [String: Element] {
        try context.nested(node, in: &reader) { reader in
            let dictionary = try reader.openedDictionary(node)
            let count = try reader.dictionaryCount(dictionary)
            var result = [String: Element](minimumCapacity: min(count, 1 << 16))
            for index in 0..<count {
                let stored = try reader.key(dictionary, at: index)
                let key = R.escapesReservedSpellings ? ReservedKey.unescaped(stored) : stored
                do {
                    result[key] = try reader.decode(try reader.value(dictionary, at: index), with: element, context)
                } catch let error as AutoCodingError {
                    throw error.within(.key(key))
                }
            }
            return result
        }
    }
}
