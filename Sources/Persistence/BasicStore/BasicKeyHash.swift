/// The hash the basic-value store's index files keys under: a few multiplications over the key's
/// UTF-8 bytes, eight at a time, instead of `Hasher`'s SipHash over a `String` the index would
/// first have to make.
///
/// Keys come from a file anyone may have written, so the hash is seeded once per process with a
/// random value: keys chosen to collide under one seed do not collide under another, and
/// opening a hostile log stays in proportion to its size.
enum BasicKeyHash {
    /// This process's seed.
    static let processSeed = UInt64.random(in: .min ... .max)

    /// The hash of `bytes` under `seed`.
    ///
    /// - Parameters:
    ///   - bytes: A key's UTF-8 bytes.
    ///   - seed: The index's seed (``processSeed``, read once per index).
    /// - Returns: 32 well-mixed bits.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt32 {
        let count = bytes.count
        var state = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        var index = 0
        while count - index >= 8 {
            state = mix(state ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)),
                        0xA076_1D64_78BD_642F)
            index += 8
        }
        if index < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                tail |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
            state = mix(state ^ tail, 0xE703_7ED1_A0B4_28DB)
        }
        let mixed = mix(state ^ 0x8EBC_6AF0_9C88_C6E3, 0x5899_65CC_7537_4CC3)
        return UInt32(truncatingIfNeeded: mixed >> 32) ^ UInt32(truncatingIfNeeded: mixed)
    }

    /// The 128-bit product of `value` and `multiplier`, folded to 64 bits: every input bit
    /// reaches many output bits.
    @inline(__always)
    private static func mix(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }
}
