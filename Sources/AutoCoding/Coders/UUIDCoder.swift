import Foundation

/// `UUID` as its `uuidString`, upper-case hexadecimal with dashes (keyed archives: an `NSUUID`).
final class UUIDCoder: ValueCoding {
    func encode<W: ArchiveWriter & ~Copyable>(_ value: UUID, to writer: inout W, _ context: EncodingContext) throws {
        try writer.uuid(value)
    }

    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> UUID {
        try reader.uuid(node)
    }
}
