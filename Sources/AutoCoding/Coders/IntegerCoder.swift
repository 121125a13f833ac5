import Foundation
import PropertyList

/// Any fixed-width integer as a property-list integer; decoding rejects values that do not fit.
final class IntegerCoder<I: FixedWidthInteger>: ValueCoding, @unchecked Sendable {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> I {
        let object = try reader.object(number)
        guard object.kind == .integer else { throw BinaryArchiveReader.mismatch(expected: "integer", found: object) }
        let integer = try reader.integer(object)
        guard let value = integer.exactly(I.self) else {
            throw AutoCodingError(.integerOutOfRange, "\(integer) does not fit \(I.self)", expected: "\(I.self)", found: "\(integer)")
        }
        return value
    }

    // @unchecked: no stored state.
    @inline(__always)
    func encode(_ value: I, _ state: EncodingState) throws -> PropertyListValue {
        // Every Swift integer type up to 64 bits fits PropertyListInteger; wider ones may not.
        guard let integer = PropertyListInteger(exactly: value) else {
            throw AutoCodingError(.unrepresentable, "\(value) is outside the property-list integer range")
        }
        return .integer(integer)
    }

    func writeXML(_ value: I, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        if let signed = Int64(exactly: value) { return writer.integer(signed) }
        if let unsigned = UInt64(exactly: value) { return writer.unsigned(unsigned) }
        throw AutoCodingError(.unrepresentable, "\(value) is outside the property-list integer range")
    }

    func write(_ value: I, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        if let signed = Int64(exactly: value) { return try writer.integer(signed) }
        if let unsigned = UInt64(exactly: value) { return try writer.unsigned(unsigned) }
        throw AutoCodingError(.unrepresentable, "\(value) is outside the property-list integer range")
    }

    @inline(__always)
    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> I {
        guard case .integer(let integer) = plist else { throw AutoCodingError.mismatch(expected: "integer", found: plist) }
        guard let value = integer.exactly(I.self) else {
            throw AutoCodingError(.integerOutOfRange, "\(integer) does not fit \(I.self)",
                                  expected: "\(I.self)", found: "\(integer)")
        }
        return value
    }
}
