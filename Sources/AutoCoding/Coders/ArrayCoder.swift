/// `Array` as a property-list array.
final class ArrayCoder<Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == TreeArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: [Element], to writer: inout W, _ context: EncodingContext) throws {
        try context.nested {
            try writer.beginArray(count: value.count)
            // Elements are written where they lie, not copied out of the array.
            try InstanceMemory.withElements(of: value) { elements, stride in
                for position in 0..<value.count {
                    do {
                        try element.encodeField(in: elements, at: position &* stride, to: &writer, context)
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
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> [Element] {
        try context.nested(node, in: &reader) { reader in
            let count = try reader.arrayCount(node)
            var result: [Element] = []
            result.reserveCapacity(min(count, 1 << 16))
            for index in 0..<count {
                do {
                    result.append(try element.decode(try reader.element(node, at: index), from: &reader, context))
                } catch let error as AutoCodingError {
                    throw error.within(.index(index))
                }
            }
            return result
        }
    }
}
