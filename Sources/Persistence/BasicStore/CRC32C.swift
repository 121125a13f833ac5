/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of iSCSI, ext4 and
/// LevelDB's log: better error detection than the zlib CRC-32 for short records.
///
/// Computed in software with slicing-by-8 tables (eight bytes per step), so the same code runs on
/// every platform without a C target.
package enum CRC32C {
    /// Eight 256-entry tables: `tables[0]` is the classic byte table, `tables[k]` advances a byte
    /// through `k` further zero bytes.
    private static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for byte in 0 ..< 256 {
            var crc = UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            tables[0][byte] = crc
        }
        for byte in 0 ..< 256 {
            for slice in 1 ..< 8 {
                let previous = tables[slice - 1][byte]
                tables[slice][byte] = (previous >> 8) ^ tables[0][Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`, continuing from `crc` (the checksum of the bytes before them).
    ///
    /// - Parameters:
    ///   - bytes: The bytes to add.
    ///   - crc: The checksum so far; 0 to start.
    /// - Returns: The checksum of everything so far.
    package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        var state = ~crc
        let count = bytes.count
        var index = 0
        tables.withUnsafeBufferPointer { tables in
            let t0 = tables[0], t1 = tables[1], t2 = tables[2], t3 = tables[3]
            let t4 = tables[4], t5 = tables[5], t6 = tables[6], t7 = tables[7]
            while count - index >= 8 {
                let low = state ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                    | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                state = t7[Int(low & 0xFF)] ^ t6[Int((low >> 8) & 0xFF)]
                    ^ t5[Int((low >> 16) & 0xFF)] ^ t4[Int(low >> 24)]
                    ^ t3[Int(bytes[index + 4])] ^ t2[Int(bytes[index + 5])]
                    ^ t1[Int(bytes[index + 6])] ^ t0[Int(bytes[index + 7])]
                index += 8
            }
            while index < count {
                state = (state >> 8) ^ t0[Int((state ^ UInt32(bytes[index])) & 0xFF)]
                index += 1
            }
        }
        return ~state
    }

    /// The checksum of a byte array.
    ///
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - crc: The checksum of the bytes before them; 0 to start.
    /// - Returns: The checksum.
    package static func checksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, continuing: crc) }
    }
}
