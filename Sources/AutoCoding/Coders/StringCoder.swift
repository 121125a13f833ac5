import Foundation
import PropertyList

/// `String` as a property-list string.
final class StringCoder: ValueCoding {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> String {
        let object = try reader.object(number)
        guard object.kind == .asciiString || object.kind == .utf16String else {
            throw BinaryArchiveReader.mismatch(expected: "string", found: object)
        }
        return try reader.string(object)
    }

    func writeXML(_ value: String, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        try writer.string(value)
    }

    func write(_ value: String, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try writer.string(value)
    }

    @inline(__always)
    func encode(_ value: String, _ state: EncodingState) throws -> PropertyListValue { .string(value) }

    @inline(__always)
    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> String {
        guard case .string(let value) = plist else { throw AutoCodingError.mismatch(expected: "string", found: plist) }
        return value
    }
}
