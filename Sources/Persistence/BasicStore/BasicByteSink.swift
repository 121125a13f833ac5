/// Where ``BasicValueEncoder`` puts the bytes of an encoding: a ``BasicByteCounter`` measures it,
/// then a ``BasicByteWriter`` stores it into a buffer of exactly that size. One encoding function
/// serves both, so the size and the bytes cannot disagree.
protocol BasicByteSink {
    /// Puts one byte.
    mutating func put(_ byte: UInt8)
    /// Puts `bytes` as they are.
    mutating func put(_ bytes: UnsafeRawBufferPointer)
    /// Puts the UTF-8 bytes of `string` (without a length).
    mutating func put(utf8 string: String)
}

extension BasicByteSink {
    /// Puts `value` as unsigned LEB128: seven bits per byte, low bits first, high bit set on every
    /// byte but the last.
    @inline(__always)
    mutating func putVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            put(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        put(UInt8(truncatingIfNeeded: rest))
    }

    /// Puts the 4 bytes of `value`, least significant first.
    @inline(__always)
    mutating func putFixed32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { put($0) }
    }

    /// Puts the 8 bytes of `value`, least significant first.
    @inline(__always)
    mutating func putFixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { put($0) }
    }

    /// Puts a varint byte count and the UTF-8 bytes of `string`.
    @inline(__always)
    mutating func putLengthPrefixed(_ string: String) {
        putVarint(UInt64(string.utf8.count))
        put(utf8: string)
    }
}
