import Foundation
import PropertyList

/// Any fixed-width integer as a property-list integer; decoding rejects values that do not fit.
final class IntegerCoder<I: FixedWidthInteger>: ValueCoding, @unchecked Sendable {
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

/// `Int`, the most common property type, without generic dispatch.
final class IntCoder: ValueCoding {
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

/// `Bool` as a property-list Boolean.
final class BoolCoder: ValueCoding {
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

/// `Double` as a 64-bit real; integers that convert exactly are accepted too.
final class DoubleCoder: ValueCoding {
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

/// `Float` as a 32-bit real (exact in binary archives; XML has no width, so a real read from XML
/// is rounded to the nearest `Float`, which gives back the written value).
final class FloatCoder: ValueCoding {
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

/// `String` as a property-list string.
final class StringCoder: ValueCoding {
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

/// `Data` as property-list data.
final class DataCoder: ValueCoding {
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

/// `Date` as a property-list date (XML archives keep whole seconds only).
final class DateCoder: ValueCoding {
    func writeXML(_ value: Date, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        try writer.date(value)
    }

    func write(_ value: Date, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try writer.date(value)
    }

    func encode(_ value: Date, _ state: EncodingState) throws -> PropertyListValue { .date(value) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Date {
        guard case .date(let value) = plist else { throw AutoCodingError.mismatch(expected: "date", found: plist) }
        return value
    }
}

/// `URL` as its `absoluteString`.
final class URLCoder: ValueCoding {
    func encode(_ value: URL, _ state: EncodingState) throws -> PropertyListValue { .string(value.absoluteString) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> URL {
        guard case .string(let text) = plist else { throw AutoCodingError.mismatch(expected: "string", found: plist) }
        guard let url = URL(string: text) else {
            throw AutoCodingError(.invalidValue, "\"\(text)\" is not a URL", expected: "URL", found: "\"\(text)\"")
        }
        return url
    }
}

/// `UUID` as its `uuidString` (upper-case hexadecimal with dashes).
final class UUIDCoder: ValueCoding {
    func encode(_ value: UUID, _ state: EncodingState) throws -> PropertyListValue { .string(value.uuidString) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> UUID {
        guard case .string(let text) = plist else { throw AutoCodingError.mismatch(expected: "string", found: plist) }
        guard let uuid = UUID(uuidString: text) else {
            throw AutoCodingError(.invalidValue, "\"\(text)\" is not a UUID", expected: "UUID", found: "\"\(text)\"")
        }
        return uuid
    }
}

/// `Decimal` as its locale-independent decimal string, so no digit is lost to a binary real.
final class DecimalCoder: ValueCoding {
    func encode(_ value: Decimal, _ state: EncodingState) throws -> PropertyListValue { .string(value.description) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Decimal {
        guard case .string(let text) = plist else { throw AutoCodingError.mismatch(expected: "string", found: plist) }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw AutoCodingError(.invalidValue, "\"\(text)\" is not a decimal number", expected: "Decimal", found: "\"\(text)\"")
        }
        return value
    }
}
