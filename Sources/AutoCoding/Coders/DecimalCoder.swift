import Foundation

/// `Decimal` as its locale-independent decimal string, so no digit is lost to a binary real.
final class DecimalCoder: ValueCoding {
    @_specialize(exported: false, where W == BinaryArchiveWriter)
    @_specialize(exported: false, where W == XMLArchiveWriter)
    @_specialize(exported: false, where W == CodableBridgeWriter)
    @_specialize(exported: false, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, where W == TreeArchiveWriter)
    @_specialize(exported: false, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: Decimal, to writer: inout W, _ context: EncodingContext) throws {
        try writer.string(value.description)
    }

    @_specialize(exported: false, where R == BinaryArchiveReader)
    @_specialize(exported: false, where R == TreeArchiveReader)
    @_specialize(exported: false, where R == XMLArchiveReader)
    @_specialize(exported: false, where R == CodableBridgeReader)
    @_specialize(exported: false, where R == NSCoderBridgeReader)
    @_specialize(exported: false, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> Decimal {
        let text = try reader.string(node)
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw AutoCodingError(.invalidValue, "\"\(text)\" is not a decimal number", expected: "Decimal", found: "\"\(text)\"")
        }
        return value
    }
}
