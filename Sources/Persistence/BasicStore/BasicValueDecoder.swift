import Foundation

/// Reads values written by ``BasicValueEncoder``, rejecting anything malformed with a
/// ``BasicDecodingFailure`` (unknown tag, bad length, invalid UTF-8, an unparsable URL, nesting
/// deeper than ``BasicByteReader/maximumDepth``).
package enum BasicValueDecoder {
    /// Decodes one value at the reader's position and advances past it.
    ///
    /// - Parameters:
    ///   - reader: The cursor; left after the value.
    ///   - depth: How many containers enclose this value.
    /// - Returns: The value.
    /// - Throws: ``BasicDecodingFailure`` when the bytes are not a valid value.
    package static func decode(from reader: inout BasicByteReader, depth: Int = 0) throws(BasicDecodingFailure) -> BasicValue {
        let start = reader.offset
        let rawTag = try reader.readByte()
        guard let tag = BasicValueTag(rawValue: rawTag) else {
            throw BasicDecodingFailure(reason: "unknown value tag 0x\(String(rawTag, radix: 16))", offset: start)
        }
        switch tag {
        case .string:
            return .string(try reader.readString())
        case .integer:
            let zigzag = try reader.readVarint()
            let magnitude = Int64(bitPattern: zigzag >> 1)
            let value = zigzag & 1 == 0 ? magnitude : ~magnitude
            guard let integer = Int(exactly: value) else {
                throw BasicDecodingFailure(reason: "integer \(value) does not fit in Int", offset: start)
            }
            return .integer(integer)
        case .double:
            return .double(Double(bitPattern: try reader.readFixed64()))
        case .boolFalse:
            return .bool(false)
        case .boolTrue:
            return .bool(true)
        case .date:
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.readFixed64())))
        case .data:
            let count = try reader.readCount(minimumBytesEach: 1)
            return .data(Data(try reader.readBytes(count)))
        case .url:
            let string = try reader.readString()
            guard let url = URL(string: string) else {
                throw BasicDecodingFailure(reason: "unparsable URL", offset: start)
            }
            return .url(url)
        case .array, .dictionary:
            guard depth < BasicByteReader.maximumDepth else {
                throw BasicDecodingFailure(reason: "nested deeper than \(BasicByteReader.maximumDepth)", offset: start)
            }
            return tag == .array
                ? try decodeArray(from: &reader, depth: depth + 1)
                : try decodeDictionary(from: &reader, depth: depth + 1)
        }
    }

    /// When the reader is at a string or data value, checks it exactly as ``decode(from:depth:)``
    /// would (length, UTF-8) and moves past it without copying it; otherwise moves nothing.
    ///
    /// - Parameters:
    ///   - reader: The cursor (where it stands after a throw is unspecified).
    ///   - knownASCII: Whether the caller has checked that every byte left is ASCII, so a string's
    ///     UTF-8 needs no check.
    /// - Returns: `true` when a string or data value was skipped.
    /// - Throws: ``BasicDecodingFailure`` when that value is malformed.
    @inline(__always)
    static func skipStringOrData(from reader: inout BasicByteReader, knownASCII: Bool = false) throws(BasicDecodingFailure) -> Bool {
        switch reader.peekByte() {
        case BasicValueTag.string.rawValue? where !knownASCII:
            reader.skipPeekedByte()
            try reader.skipString()
        case BasicValueTag.string.rawValue?, BasicValueTag.data.rawValue?:
            // Data, or a string whose bytes are known to be ASCII: a length and that many bytes.
            reader.skipPeekedByte()
            _ = try reader.readBytes(try reader.readCount(minimumBytesEach: 1))
        default:
            return false
        }
        return true
    }

    private static func decodeArray(from reader: inout BasicByteReader, depth: Int) throws(BasicDecodingFailure) -> BasicValue {
        // Every element takes at least its tag byte.
        let count = try reader.readCount(minimumBytesEach: 1)
        var elements: [BasicValue] = []
        elements.reserveCapacity(count)
        for _ in 0 ..< count { elements.append(try decode(from: &reader, depth: depth)) }
        return .array(elements)
    }

    private static func decodeDictionary(from reader: inout BasicByteReader, depth: Int) throws(BasicDecodingFailure) -> BasicValue {
        // Every entry takes at least a key length byte and a tag byte.
        let count = try reader.readCount(minimumBytesEach: 2)
        var entries: [String: BasicValue] = [:]
        entries.reserveCapacity(count)
        for _ in 0 ..< count {
            let keyOffset = reader.offset
            let key = try reader.readString()
            let value = try decode(from: &reader, depth: depth)
            guard entries.updateValue(value, forKey: key) == nil else {
                throw BasicDecodingFailure(reason: "duplicate dictionary key", offset: keyOffset)
            }
        }
        return .dictionary(entries)
    }
}
