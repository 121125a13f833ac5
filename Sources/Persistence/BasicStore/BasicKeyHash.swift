/// The hash the basic-value store's index files keys under: a few 128-bit multiplications over
/// the key's UTF-8 bytes, sixteen at a time, instead of `Hasher`'s SipHash over a `String` the
/// index would first have to make.
///
/// Keys come from a file anyone may have written, so the hash is seeded once per process with a
/// random value: keys chosen to collide under one seed do not collide under another, and
/// opening a hostile log stays in proportion to its size.
package enum BasicKeyHash {
    /// This process's seed.
    package static let processSeed = UInt64.random(in: .min ... .max)

    /// The hash of `bytes` under `seed`.
    ///
    /// A key of up to 16 bytes (most keys) is read as two words that may overlap, so it costs two
    /// multiplications whatever its length; a longer key adds one per 16 bytes.
    ///
    /// - Parameters:
    ///   - bytes: A key's UTF-8 bytes.
    ///   - seed: The index's seed (``processSeed``, read once per index).
    /// - Returns: 32 well-mixed bits.
    @inline(__always)
    package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt32 {
        let count = bytes.count
        var state = seed
        let first: UInt64
        let second: UInt64
        if count <= 16 {
            if count >= 8 {
                first = word(bytes, at: 0)
                second = word(bytes, at: count - 8)
            } else if count >= 4 {
                first = UInt64(halfWord(bytes, at: 0))
                second = UInt64(halfWord(bytes, at: count - 4))
            } else if count > 0 {
                // One, two or three bytes: the first, the middle and the last (some the same).
                first = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
                second = 0
            } else {
                first = 0
                second = 0
            }
        } else {
            var index = 0
            while count - index > 16 {
                state = mix(word(bytes, at: index) ^ secret1, word(bytes, at: index + 8) ^ state)
                index += 16
            }
            first = word(bytes, at: count - 16)
            second = word(bytes, at: count - 8)
        }
        let mixed = mix(secret1 ^ UInt64(truncatingIfNeeded: count), mix(first ^ secret1, second ^ state))
        return UInt32(truncatingIfNeeded: mixed >> 32) ^ UInt32(truncatingIfNeeded: mixed)
    }

    /// An odd constant with about half its bits set, so each product spreads every input bit.
    private static let secret1: UInt64 = 0xA076_1D64_78BD_642F

    /// Eight little-endian bytes at `offset`.
    @inline(__always)
    private static func word(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Four little-endian bytes at `offset`.
    @inline(__always)
    private static func halfWord(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The 128-bit product of `value` and `multiplier`, folded to 64 bits: every input bit
    /// reaches many output bits.
    @inline(__always)
    private static func mix(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }
}
