/// `[K: V]` with an integer key type as a property-list dictionary whose keys are the decimal
/// spellings of the integers (`"-3"`, `"42"`), in ascending numeric order.
final class IntegerKeyedDictionaryCoder<Key: FixedWidthInteger, Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>
    var nestedCoders: [any FieldCoding] { [element] }

    init(element: any ValueCoding<Element>) { self.element = element }

    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == CodableBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == TreeArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: [Key: Element], to writer: inout W,
                                              _ context: EncodingContext) throws {
        try context.nested {
            try writer.beginDictionary(count: value.count)
            for (key, item) in value.sorted(by: { $0.key < $1.key }) {
                let text = String(key)
                do {
                    try writer.key(text)
                    try element.encode(item, to: &writer, context)
                } catch let error as AutoCodingError {
                    throw error.within(.key(text))
                }
            }
            try writer.endDictionary()
        }
    }

    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> [Key: Element] {
        try context.nested(node, in: &reader) { reader in
            let dictionary = try reader.openedDictionary(node)
            let count = try reader.dictionaryCount(dictionary)
            var result = [Key: Element](minimumCapacity: min(count, 1 << 16))
            for index in 0..<count {
                let text = try reader.key(dictionary, at: index)
                guard let key = Key(text, radix: 10) else {
                    throw AutoCodingError(.invalidValue, "key \"\(text)\" is not a \(Key.self)",
                                          expected: "\(Key.self) key", found: "\"\(text)\"")
                }
                do {
                    result[key] = try reader.decode(try reader.value(dictionary, at: index), with: element, context)
                } catch let error as AutoCodingError {
                    throw error.within(.key(text))
                }
            }
            return result
        }
    }
}
