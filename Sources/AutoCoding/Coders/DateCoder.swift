import Foundation
import PropertyList

/// `Date` as a property-list date (XML archives keep whole seconds only).
final class DateCoder: ValueCoding {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Date {
        let object = try reader.object(number)
        guard object.kind == .date else { throw BinaryArchiveReader.mismatch(expected: "date", found: object) }
        return reader.scanner.date(object)
    }

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
