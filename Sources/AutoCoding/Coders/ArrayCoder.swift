/// `Array` as a property-list array.
final class ArrayCoder<Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    func encode<W: ArchiveWriter & ~Copyable>(_ value: [Element], to writer: inout W, _ context: EncodingContext) throws {
        try context.nested {
            try writer.beginArray(count: value.count)
            var position = 0
            do {
                for item in value {
                    try element.encode(item, to: &writer, context)
                    position += 1
                }
            } catch let error as AutoCodingError {
                throw error.within(.index(position))
            }
            try writer.endArray()
        }
    }

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
