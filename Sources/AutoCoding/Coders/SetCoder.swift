import PropertyList

/// `Set` as a property-list array, its elements in ``CanonicalOrder`` of their archived trees so
/// archives are reproducible.
final class SetCoder<Element: Hashable>: ValueCoding, @unchecked Sendable {
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
    func encode<W: ArchiveWriter & ~Copyable>(_ value: Set<Element>, to writer: inout W, _ context: EncodingContext) throws {
        // The order comes from the archived form, so elements are written once as trees, sorted,
        // then replayed; a set's elements are scalars or small values.
        var trees: [PropertyListValue] = []
        trees.reserveCapacity(value.count)
        try context.nested {
            for item in value {
                var tree = TreeArchiveWriter()
                try element.encode(item, to: &tree, context)
                trees.append(try tree.finish())
            }
        }
        trees.sort(by: CanonicalOrder.precedes)
        try context.nested {
            try writer.beginSet(count: trees.count)
            for tree in trees { try writer.tree(tree) }
            try writer.endSet()
        }
    }

    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Set<Element> {
        try context.nested(node, in: &reader) { reader in
            let array = try reader.openedArray(node)
            let count = try reader.arrayCount(array)
            var result = Set<Element>(minimumCapacity: min(count, 1 << 16))
            for index in 0..<count {
                do {
                    result.insert(try reader.decode(try reader.element(array, at: index), with: element, context))
                } catch let error as AutoCodingError {
                    throw error.within(.index(index))
                }
            }
            return result
        }
    }
}
