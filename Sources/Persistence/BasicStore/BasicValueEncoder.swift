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
    /// - Returns: `false`, appending nothing, when `value` nests containers deeper than
    ///   ``BasicByteReader/maximumDepth`` (the reader would refuse it).
    @discardableResult
    package static func encode(_ value: BasicValue, into bytes: inout [UInt8]) -> Bool {
        guard let size = encodedSize(of: value) else { return false }
        return BasicByteWriter.write(into: &bytes, from: bytes.count, count: size) { put(value, to: &$0) }
    }

    /// The size of `value`'s encoding, or `nil` when it nests containers deeper than
    /// ``BasicByteReader/maximumDepth`` (the reader would refuse it).
    ///
    /// - Parameter value: The value.
    static func encodedSize(of value: BasicValue) -> Int? {
        var counter = BasicByteCounter()
        return put(value, to: &counter) ? counter.count : nil
    }

    /// Puts the encoding of `value`: the one description of the format, for measuring and for
    /// writing alike.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - sink: Where the bytes go.
    ///   - depth: How many containers enclose `value`.
    /// - Returns: `false` when `value` nests containers deeper than ``BasicByteReader/maximumDepth``
    ///   (part of it may have been put; nothing deeper than the limit is visited).
    static func put<Sink: BasicByteSink>(_ value: BasicValue, to sink: inout Sink, depth: Int = 0) -> Bool {
        switch value {
        case .string(let string):
            sink.put(BasicValueTag.string.rawValue)
            sink.putLengthPrefixed(string)
        case .integer(let integer):
            sink.put(BasicValueTag.integer.rawValue)
            // Zigzag keeps small negative numbers short: 0, -1, 1, -2 … map to 0, 1, 2, 3 ….
            let zigzag = UInt64(bitPattern: Int64(integer) << 1) ^ UInt64(bitPattern: Int64(integer) >> 63)
            sink.putVarint(zigzag)
        case .double(let double):
            sink.put(BasicValueTag.double.rawValue)
            sink.putFixed64(double.bitPattern)
        case .bool(let bool):
            sink.put(bool ? BasicValueTag.boolTrue.rawValue : BasicValueTag.boolFalse.rawValue)
        case .date(let date):
            sink.put(BasicValueTag.date.rawValue)
            sink.putFixed64(date.timeIntervalSinceReferenceDate.bitPattern)
        case .data(let data):
            sink.put(BasicValueTag.data.rawValue)
            sink.putVarint(UInt64(data.count))
            data.withUnsafeBytes { sink.put($0) }
        case .url(let url):
            sink.put(BasicValueTag.url.rawValue)
            sink.putLengthPrefixed(url.absoluteString)
        case .array(let elements):
            guard depth < BasicByteReader.maximumDepth else { return false }
            sink.put(BasicValueTag.array.rawValue)
            sink.putVarint(UInt64(elements.count))
            for element in elements where !put(element, to: &sink, depth: depth + 1) { return false }
        case .dictionary(let entries):
            guard depth < BasicByteReader.maximumDepth else { return false }
            sink.put(BasicValueTag.dictionary.rawValue)
            sink.putVarint(UInt64(entries.count))
            for key in entries.keys.sorted() {
                sink.putLengthPrefixed(key)
                if let element = entries[key], !put(element, to: &sink, depth: depth + 1) { return false }
            }
        }
        return true
    }

    /// How many bytes ``BasicByteSink/putVarint(_:)`` puts for `value`.
    ///
    /// - Parameter value: The number.
    /// - Returns: 1 to 10.
    static func varintSize(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }
}
