/// CRC-32 (IEEE, as zlib and Persistence's `CRC32`) of the journal's record payloads, over a byte
/// buffer.
///
/// The same function as `Persistence.CRC32.checksum`, which is generic over `Sequence` and not
/// inlinable, so from this module every byte went through an unspecialized iterator — it was most of
/// the cost of appending a record. The tests check both agree.
package enum JournalChecksum {
    private static let table: [UInt32] = (0..<256).map { index -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
        return value
    }

    /// The CRC-32 of `bytes`.
    package static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                var crc: UInt32 = 0xFFFF_FFFF
                for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
                return ~crc
            }
        }
    }
}
