import Foundation
import PropertyList

/// `Data` as property-list data.
final class DataCoder: ValueCoding {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Data {
        let object = try reader.object(number)
        guard object.kind == .data else { throw BinaryArchiveReader.mismatch(expected: "data", found: object) }
        return reader.scanner.data(object)
    }

    func writeXML(_ value: Data, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.data(value)
    }

    func write(_ value: Data, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try writer.data(value)
    }

    func encode(_ value: Data, _ state: EncodingState) throws -> PropertyListValue { .data(value) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Data {
        guard case .data(let value) = plist else { throw AutoCodingError.mismatch(expected: "data", found: plist) }
        return value
    }
}
