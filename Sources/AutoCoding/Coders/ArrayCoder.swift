/// `Array` as a property-list array.
///
/// Generic over the array type itself (`[Element]`), so generic code has its metadata at hand.
final class ArrayCoder<Value: ArrayMarker>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    typealias Element = Value.Element
    let element: any ValueCoding<Element>
    var nestedCoders: [any FieldCoding] { [element] }

    init(element: any ValueCoding<Element>) { self.element = element }

    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == CodableBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == TreeArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: Value, to writer: inout W, _ context: EncodingContext) throws {
        try context.nested {
            try writer.beginArray(count: value.count)
            // Elements are written where they lie, not copied out of the array. The coder is read
            // once, so the loop does not retain and release it at every element.
            let element = self.element
            try value.withElementMemory { elements, stride in
                for position in 0..<value.count {
                    do {
                        try writer.field(element, in: elements, at: position &* stride, context)
                    } catch let error as AutoCodingError {
                        throw error.within(.index(position))
                    }
                }
            }
            try writer.endArray()
        }
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
    /// ``ValueCoding/decodeBinaryValue(_:from:_:)``). `[String]` is specialized whole: an array of
    /// an element type known only to generic code looks its storage's metadata up at every array.
    @_specialize(exported: false, where Value == [String])
    func decodeBinaryValue(_ node: BinaryArchiveReader.Node, from reader: inout BinaryArchiveReader,
                           _ context: DecodingContext) throws -> Value {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` compiled for the keyed reader (see
    /// ``ValueCoding/decodeKeyedValue(_:from:_:)``), `[String]` specialized whole as for the binary one.
    @_specialize(exported: false, where Value == [String])
    func decodeKeyedValue(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          _ context: DecodingContext) throws -> Value {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)``, inlined into the entry points that know the reader's type.
    @inline(__always)
    private func decodeValue<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Value {
        try context.nested(node, in: &reader) { reader in
            let array = try reader.openedArray(node)
            return try Value(count: try reader.arrayCount(array)) { index in
                do {
                    return try reader.decode(try reader.element(array, at: index), with: element, context)
                } catch let error as AutoCodingError {
                    throw error.within(.index(index))
                }
            }
        }
    }

    // MARK: Typed reads through the `Codable` bridge

    /// Arrays of elements the decoders have calls for are read with them (see ``BridgePropertyRead``).
    var hasTypedBridgeReads: Bool { element.hasTypedBridgeReads }

    func decodeBridgeEntry(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                           from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Value {
        var elements = try container.nestedUnkeyedContainer(forKey: key)
        return try decodeBridgeElements(&elements, from: &reader, context)
    }

    func decodeBridgeElement(_ container: inout any UnkeyedDecodingContainer, from reader: inout CodableBridgeReader,
                             _ context: DecodingContext) throws -> Value {
        var elements = try container.nestedUnkeyedContainer()
        return try decodeBridgeElements(&elements, from: &reader, context)
    }

    /// The elements of `elements`, each read with the element coder's typed read, one level deeper
    /// (the general read's depth limit).
    private func decodeBridgeElements(_ elements: inout any UnkeyedDecodingContainer,
                                      from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> Value {
        try context.nested {
            guard let count = elements.count else { throw BridgePropertyRead.noTypedRead(Value.self) }
            let element = self.element
            return try Value(count: count) { index in
                do {
                    return try element.decodeBridgeElement(&elements, from: &reader, context)
                } catch let failure as BridgePropertyRead.Failure {
                    throw failure.located { $0.within(.index(index)) }
                }
            }
        }
    }
}
