import Foundation

/// `URL` as its `absoluteString` (keyed archives: an `NSURL`).
final class URLCoder: ValueCoding {
    func encode<W: ArchiveWriter & ~Copyable>(_ value: URL, to writer: inout W, _ context: EncodingContext) throws {
        try writer.url(value)
    }

    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> URL {
        try reader.url(node)
    }
}
