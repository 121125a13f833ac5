/// Strict UTF-8 validation that reports where the bytes go wrong.
///
/// `String(decoding:as:)` silently repairs bad bytes with U+FFFD, which would turn corrupt input
/// into different text; `String(validating:as:)` is not available on every deployment target and
/// does not say where. Readers call this first and then decode knowing the bytes are valid.
package enum UTF8Validation {
    /// Whether every byte is below 0x80, checked eight at a time: such bytes are valid UTF-8 and
    /// have a single Unicode normalization.
    ///
    /// - Parameter bytes: The bytes to check.
    /// - Returns: `true` for ASCII (and for no bytes).
    @inlinable
    package static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while count - index >= 8 {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence, or `nil`
    /// when all bytes are valid.
    ///
    /// Well-formed means Unicode's table 3-7: no overlong forms, no surrogates, nothing above
    /// U+10FFFF, no truncated sequences.
    ///
    /// - Parameter bytes: The bytes to check.
    /// - Returns: The offset of the first invalid byte, or `nil`.
    package static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // Allowed range of the second byte and the sequence length, by lead byte.
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + 1 < count, base[index + 1] >= low, base[index + 1] <= high else { return index }
            for offset in 2..<max(2, length) {
                guard index + offset < count, base[index + offset] & 0xC0 == 0x80 else { return index }
            }
            index += length
        }
        return nil
    }
}
