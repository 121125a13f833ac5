import Foundation
import PropertyList

/// Why a byte range is not a valid record or value: internal to the log reader, which turns it into
/// a skipped record (never a crash, never a lost store).
package struct BasicDecodingFailure: Error, Equatable {
    /// What is wrong.
    package let reason: String
    /// The offset, within the bytes being read, where it was found.
    package let offset: Int

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - reason: What is wrong.
    ///   - offset: Where it was found.
    package init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }
}

/// A bounds-checked cursor over bytes that may be damaged: every read checks the remaining length
/// and every length or count is checked against it before anything is allocated.
package struct BasicByteReader {
    /// Nesting deeper than this is rejected, so a hostile record cannot exhaust the stack.
    package static let maximumDepth = 256

    private let bytes: UnsafeRawBufferPointer
    /// The next byte to read.
    package private(set) var offset: Int

    /// Creates a reader over `bytes`, starting at `offset`.
    ///
    /// - Parameters:
    ///   - bytes: The bytes; must outlive the reader.
    ///   - offset: Where to start.
    package init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Bytes left after ``offset``.
    package var remaining: Int { bytes.count - offset }

    /// Reads one byte.
    @inline(__always)
    mutating func readByte() throws(BasicDecodingFailure) -> UInt8 {
        guard offset < bytes.count else { throw BasicDecodingFailure(reason: "unexpected end", offset: offset) }
        let byte = bytes[offset]
        offset += 1
        return byte
    }

    /// The next byte, without moving past it; `nil` at the end.
    @inline(__always)
    func peekByte() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// Moves past the byte ``peekByte()`` returned.
    @inline(__always)
    mutating func skipPeekedByte() {
        offset = min(offset + 1, bytes.count)
    }

    /// Reads an unsigned LEB128 varint of at most 10 bytes whose value fits in 64 bits.
    @inline(__always)
    mutating func readVarint() throws(BasicDecodingFailure) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            let payload = UInt64(byte & 0x7F)
            if shift == 63 && payload > 1 {
                throw BasicDecodingFailure(reason: "varint overflows 64 bits", offset: start)
            }
            result |= payload << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { throw BasicDecodingFailure(reason: "varint longer than 10 bytes", offset: start) }
        }
    }

    /// Reads a varint length or count and checks that at least `minimumBytesEach` bytes per unit
    /// remain, so a damaged count cannot make the caller allocate or loop beyond the input.
    @inline(__always)
    mutating func readCount(minimumBytesEach: Int) throws(BasicDecodingFailure) -> Int {
        let start = offset
        let raw = try readVarint()
        guard raw <= UInt64(remaining / max(minimumBytesEach, 1)) else {
            throw BasicDecodingFailure(reason: "length \(raw) exceeds the \(remaining) bytes left", offset: start)
        }
        return Int(raw)
    }

    /// Reads 8 little-endian bytes.
    mutating func readFixed64() throws(BasicDecodingFailure) -> UInt64 {
        guard remaining >= 8 else { throw BasicDecodingFailure(reason: "unexpected end", offset: offset) }
        let value = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
        return value
    }

    /// Reads 4 little-endian bytes.
    @inline(__always)
    mutating func readFixed32() throws(BasicDecodingFailure) -> UInt32 {
        guard remaining >= 4 else { throw BasicDecodingFailure(reason: "unexpected end", offset: offset) }
        let value = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        offset += 4
        return value
    }

    /// Reads `count` bytes as a buffer slice (no copy).
    @inline(__always)
    mutating func readBytes(_ count: Int) throws(BasicDecodingFailure) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else {
            throw BasicDecodingFailure(reason: "unexpected end", offset: offset)
        }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset ..< offset + count])
        offset += count
        return slice
    }

    /// Reads a varint length and that many bytes of valid UTF-8.
    mutating func readString() throws(BasicDecodingFailure) -> String {
        let start = offset
        let count = try readCount(minimumBytesEach: 1)
        let utf8 = try readBytes(count)
        if !UTF8Validation.isASCII(utf8), let invalid = UTF8Validation.firstInvalidOffset(in: utf8) {
            throw BasicDecodingFailure(reason: "invalid UTF-8", offset: start + invalid)
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Checks a varint length and that many bytes of valid UTF-8, as ``readString()`` does,
    /// and moves past them without making a string.
    @inline(__always)
    mutating func skipString() throws(BasicDecodingFailure) {
        let start = offset
        let count = try readCount(minimumBytesEach: 1)
        let utf8 = try readBytes(count)
        if !UTF8Validation.isASCII(utf8), let invalid = UTF8Validation.firstInvalidOffset(in: utf8) {
            throw BasicDecodingFailure(reason: "invalid UTF-8", offset: start + invalid)
        }
    }
}
