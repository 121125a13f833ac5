/// CRC-32 (the zlib/PNG polynomial, reflected 0xEDB88320) for detecting damaged files and records.
///
/// The one implementation in the package: sealed binary property lists (``BinaryPropertyListSeal``)
/// use it here, and `Persistence` re-exports it under the same name for its envelopes and the
/// cache's journal.
package enum CRC32 {
    /// The checksum of `bytes`, continuing from `initial` (0 to start).
    ///
    /// Contiguous collections (`Data`, arrays and their slices) are checksummed over their buffer,
    /// so callers in other modules, where this generic function is not specialized, pay no
    /// per-byte iterator cost.
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - initial: A previous result, to checksum data in pieces.
    /// - Returns: The CRC-32.
    package static func checksum<Bytes: Sequence>(_ bytes: Bytes, continuing initial: UInt32 = 0) -> UInt32
    where Bytes.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable({ checksum(buffer: $0, continuing: initial) }) {
            return crc
        }
        var crc = ~initial
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static func checksum(buffer bytes: UnsafeBufferPointer<UInt8>, continuing initial: UInt32) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            var crc = ~initial
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
            return ~crc
        }
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
        }
        return value
    }
}
