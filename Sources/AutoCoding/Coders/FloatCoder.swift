import Foundation
import PropertyList

/// `Float` as a 32-bit real (exact in binary archives; XML has no width, so a real read from XML
/// is rounded to the nearest `Float`, which gives back the written value).
final class FloatCoder: ValueCoding {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Float {
        let object = try reader.object(number)
        switch object.kind {
        case .real: return object.count == 4 ? reader.scanner.float(object) : Float(reader.scanner.double(object))
        case .integer: return try decode(.integer(try reader.integer(object)), state)
        default: throw BinaryArchiveReader.mismatch(expected: "real", found: object)
        }
    }

    func writeXML(_ value: Float, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.real(Double(value))
    }

    func write(_ value: Float, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try writer.real32(value)
    }

    func encode(_ value: Float, _ state: EncodingState) throws -> PropertyListValue { .real32(value) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Float {
        switch plist {
        case .real32(let value): return value
        case .real(let value): return Float(value)
        case .integer(let integer):
            if let signed = integer.int64Value, let value = Float(exactly: signed) { return value }
            if let unsigned = integer.uint64Value, let value = Float(exactly: unsigned) { return value }
            throw AutoCodingError(.integerOutOfRange, "\(integer) has no exact Float", expected: "Float", found: "\(integer)")
        default:
            throw AutoCodingError.mismatch(expected: "real", found: plist)
        }
    }
}
