import Foundation
import PropertyList

/// `Double` as a 64-bit real; integers that convert exactly are accepted too.
final class DoubleCoder: ValueCoding {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Double {
        let object = try reader.object(number)
        switch object.kind {
        case .real: return object.count == 4 ? Double(reader.scanner.float(object)) : reader.scanner.double(object)
        case .integer: return try decode(.integer(try reader.integer(object)), state)
        default: throw BinaryArchiveReader.mismatch(expected: "real", found: object)
        }
    }

    func writeXML(_ value: Double, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.real(value)
    }

    func write(_ value: Double, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try writer.real(value)
    }

    func encode(_ value: Double, _ state: EncodingState) throws -> PropertyListValue { .real(value) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Double {
        switch plist {
        case .real(let value): return value
        case .real32(let value): return Double(value)
        case .integer(let integer):
            if let signed = integer.int64Value, let value = Double(exactly: signed) { return value }
            if let unsigned = integer.uint64Value, let value = Double(exactly: unsigned) { return value }
            throw AutoCodingError(.integerOutOfRange, "\(integer) has no exact Double", expected: "Double", found: "\(integer)")
        default:
            throw AutoCodingError.mismatch(expected: "real", found: plist)
        }
    }
}
