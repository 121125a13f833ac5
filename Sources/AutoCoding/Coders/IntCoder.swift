import Foundation
import PropertyList

/// `Int`, the most common property type, without generic dispatch.
final class IntCoder: ValueCoding {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Int {
        let object = try reader.object(number)
        guard object.kind == .integer else { throw BinaryArchiveReader.mismatch(expected: "integer", found: object) }
        let integer = try reader.integer(object)
        guard let value = integer.int64Value.flatMap({ Int(exactly: $0) }) else {
            throw AutoCodingError(.integerOutOfRange, "\(integer) does not fit Int", expected: "Int", found: "\(integer)")
        }
        return value
    }

    @inline(__always)
    func encode(_ value: Int, _ state: EncodingState) throws -> PropertyListValue {
        .integer(PropertyListInteger(Int64(value)))
    }

    func writeXML(_ value: Int, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.integer(Int64(value))
    }

    @inline(__always)
    func write(_ value: Int, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try writer.integer(Int64(value))
    }

    @inline(__always)
    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Int {
        guard case .integer(let integer) = plist else { throw AutoCodingError.mismatch(expected: "integer", found: plist) }
        guard let value = integer.int64Value.flatMap({ Int(exactly: $0) }) else {
            throw AutoCodingError(.integerOutOfRange, "\(integer) does not fit Int", expected: "Int", found: "\(integer)")
        }
        return value
    }
}
