import Foundation
import PropertyList

/// `Bool` as a property-list Boolean.
final class BoolCoder: ValueCoding {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Bool {
        let object = try reader.object(number)
        guard object.kind == .bool else { throw BinaryArchiveReader.mismatch(expected: "bool", found: object) }
        return reader.scanner.bool(object)
    }

    func writeXML(_ value: Bool, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.bool(value)
    }

    func write(_ value: Bool, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try writer.bool(value)
    }

    func encode(_ value: Bool, _ state: EncodingState) throws -> PropertyListValue { .bool(value) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Bool {
        guard case .bool(let value) = plist else { throw AutoCodingError.mismatch(expected: "bool", found: plist) }
        return value
    }
}
