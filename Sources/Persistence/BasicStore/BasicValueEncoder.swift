import Foundation

/// Writes a ``BasicValue`` in the basic-value store's compact tagged encoding.
///
/// Each value is one tag byte followed by its payload (see ``BasicValueTag``): integers as zigzag
/// LEB128 varints, doubles and dates as the 8 little-endian bytes of their IEEE 754 bit pattern,
/// strings, data and URLs as a varint length and the bytes, containers as a varint count and their
/// elements. Dictionary entries are written in sorted key order so equal values encode to equal
/// bytes in every process (Swift's dictionary order is seeded per process).
package enum BasicValueEncoder {
    /// Appends the encoding of `value` to `bytes`.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - bytes: The buffer to append to.
    package static func encode(_ value: BasicValue, into bytes: inout [UInt8]) {
        switch value {
        case .string(let string):
            bytes.append(BasicValueTag.string.rawValue)
            appendLengthPrefixed(string, into: &bytes)
        case .integer(let integer):
            bytes.append(BasicValueTag.integer.rawValue)
            // Zigzag keeps small negative numbers short: 0, -1, 1, -2 … map to 0, 1, 2, 3 ….
            let zigzag = UInt64(bitPattern: Int64(integer) << 1) ^ UInt64(bitPattern: Int64(integer) >> 63)
            appendVarint(zigzag, into: &bytes)
        case .double(let double):
            bytes.append(BasicValueTag.double.rawValue)
            appendFixed64(double.bitPattern, into: &bytes)
        case .bool(let bool):
            bytes.append(bool ? BasicValueTag.boolTrue.rawValue : BasicValueTag.boolFalse.rawValue)
        case .date(let date):
            bytes.append(BasicValueTag.date.rawValue)
            appendFixed64(date.timeIntervalSinceReferenceDate.bitPattern, into: &bytes)
        case .data(let data):
            bytes.append(BasicValueTag.data.rawValue)
            appendVarint(UInt64(data.count), into: &bytes)
            bytes.append(contentsOf: data)
        case .url(let url):
            bytes.append(BasicValueTag.url.rawValue)
            appendLengthPrefixed(url.absoluteString, into: &bytes)
        case .array(let elements):
            bytes.append(BasicValueTag.array.rawValue)
            appendVarint(UInt64(elements.count), into: &bytes)
            for element in elements { encode(element, into: &bytes) }
        case .dictionary(let entries):
            bytes.append(BasicValueTag.dictionary.rawValue)
            appendVarint(UInt64(entries.count), into: &bytes)
            for key in entries.keys.sorted() {
                appendLengthPrefixed(key, into: &bytes)
                if let element = entries[key] { encode(element, into: &bytes) }
            }
        }
    }

    /// Appends a varint byte count and the UTF-8 bytes of `string`.
    ///
    /// - Parameters:
    ///   - string: The string.
    ///   - bytes: The buffer to append to.
    static func appendLengthPrefixed(_ string: String, into bytes: inout [UInt8]) {
        func append(_ utf8: UnsafeBufferPointer<UInt8>) {
            appendVarint(UInt64(utf8.count), into: &bytes)
            bytes.append(contentsOf: utf8)
        }
        // A native string lends its bytes as they are: no copy of the string, no reference count.
        if string.utf8.withContiguousStorageIfAvailable(append) != nil { return }
        var contiguous = string
        contiguous.withUTF8(append)
    }

    /// Appends `value` as unsigned LEB128: seven bits per byte, low bits first, high bit set on
    /// every byte but the last.
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - bytes: The buffer to append to.
    static func appendVarint(_ value: UInt64, into bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    /// How many bytes ``appendVarint(_:into:)`` writes for `value`.
    ///
    /// - Parameter value: The number.
    /// - Returns: 1 to 10.
    static func varintSize(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }

    /// Appends the 8 bytes of `value`, least significant first.
    ///
    /// - Parameters:
    ///   - value: The bits.
    ///   - bytes: The buffer to append to.
    static func appendFixed64(_ value: UInt64, into bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// Appends the 4 bytes of `value`, least significant first.
    ///
    /// - Parameters:
    ///   - value: The bits.
    ///   - bytes: The buffer to append to.
    static func appendFixed32(_ value: UInt32, into bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }
}
