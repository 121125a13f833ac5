import PropertyList

/// Every fixed-width integer type as a property-list integer; decoding refuses values the type
/// cannot hold (``AutoCodingError/Kind/integerOutOfRange``).
final class IntegerCoder<Integer: FixedWidthInteger & Sendable>: ValueCoding, @unchecked Sendable {
    // @unchecked: stateless.
    @_specialize(exported: false, where Integer == Int, W == BinaryArchiveWriter)
    @_specialize(exported: false, where Integer == Int, W == XMLArchiveWriter)
    @_specialize(exported: false, where Integer == Int, W == TreeArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: Integer, to writer: inout W, _ context: EncodingContext) throws {
        if Integer.isSigned {
            try writer.integer(Int64(truncatingIfNeeded: value))
        } else {
            try writer.unsigned(UInt64(truncatingIfNeeded: value))
        }
    }

    @_specialize(exported: false, where Integer == Int, R == BinaryArchiveReader)
    @_specialize(exported: false, where Integer == Int, R == TreeArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Integer {
        let number = try reader.integer(node)
        if let signed = number.int64Value, let value = Integer(exactly: signed) { return value }
        if let unsigned = number.uint64Value, let value = Integer(exactly: unsigned) { return value }
        throw AutoCodingError(.integerOutOfRange, "\(number) does not fit \(Integer.self)",
                              expected: "\(Integer.self)", found: "\(number)")
    }
}
