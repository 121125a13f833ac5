import CArchivistCRC
import PropertyList

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of iSCSI, ext4 and
/// LevelDB's log: better error detection than the zlib CRC-32 for short records.
///
/// Computed with the CPU's CRC-32C instructions where it has them (SSE4.2 on x86_64, the CRC
/// extension on arm64, through `CArchivistCRC`, detected once), and otherwise in software with
/// slicing-by-8 tables (eight bytes per step). Both give the same checksums.
package enum CRC32C {
    /// Whether `checksum` uses the CPU's CRC-32C instructions.
    ///
    /// Asked of `CArchivistCRC`, which detects once and caches the answer, on every call: a
    /// `static let` here would cost a `swift_once` per checksum, a fifth of opening a large log.
    package static var usesHardware: Bool { archivist_crc32c_hardware_available() == 1 }

    /// Eight 256-entry tables, one after the other: table 0 is the classic byte table, table `k`
    /// advances a byte through `k` further zero bytes. One flat array, so the loop below indexes a
    /// single buffer.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0 ..< 256 {
            var crc = UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            tables[byte] = crc
        }
        for byte in 0 ..< 256 {
            for slice in 1 ..< 8 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
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
        hardware(bytes, continuing: crc) ?? software(bytes, continuing: crc)
    }

    /// The checksum of `first` followed by `second` (a record's length field and its payload,
    /// which are not adjacent), in one call to the instructions.
    ///
    /// - Parameters:
    ///   - first: The first bytes.
    ///   - second: The bytes after them.
    /// - Returns: The checksum of both.
    @inline(__always)
    package static func checksum(_ first: UnsafeRawBufferPointer, then second: UnsafeRawBufferPointer) -> UInt32 {
        var state: UInt32 = ~0
        guard let firstBase = first.baseAddress, let secondBase = second.baseAddress,
              archivist_crc32c_hardware_pair(&state, firstBase, first.count, secondBase, second.count, nil) == 1 else {
            return software(second, continuing: software(first))
        }
        return ~state
    }

    /// ``checksum(_:then:)``, and whether `second` is all ASCII, learnt in the same pass over it
    /// when the CPU has the instructions (a record's check needs both).
    ///
    /// - Parameters:
    ///   - first: The first bytes.
    ///   - second: The bytes after them.
    /// - Returns: The checksum of both, and whether no byte of `second` has its high bit set.
    @inline(__always)
    package static func checksumNotingASCII(_ first: UnsafeRawBufferPointer, then second: UnsafeRawBufferPointer)
        -> (checksum: UInt32, secondIsASCII: Bool) {
        var state: UInt32 = ~0
        var isASCII: Int32 = 0
        guard let firstBase = first.baseAddress, let secondBase = second.baseAddress,
              archivist_crc32c_hardware_pair(&state, firstBase, first.count, secondBase, second.count, &isASCII) == 1 else {
            return (software(second, continuing: software(first)), UTF8Validation.isASCII(second))
        }
        return (~state, isASCII == 1)
    }

    /// The checksum computed with the CPU's instructions, or nil when it has none (for tests).
    ///
    /// - Parameters:
    ///   - bytes: The bytes to add.
    ///   - crc: The checksum so far; 0 to start.
    /// - Returns: The checksum of everything so far, or nil.
    package static func hardware(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32? {
        guard usesHardware else { return nil }
        guard let base = bytes.baseAddress else { return crc }
        return ~archivist_crc32c_hardware(~crc, base, bytes.count)
    }

    /// The checksum computed with the slicing-by-8 tables, whatever the CPU (the fallback, and the
    /// reference the tests hold the instructions to).
    ///
    /// - Parameters:
    ///   - bytes: The bytes to add.
    ///   - crc: The checksum so far; 0 to start.
    /// - Returns: The checksum of everything so far.
    package static func software(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        var state = ~crc
        guard let base = bytes.baseAddress else { return crc }
        let count = bytes.count
        var index = 0
        tables.withUnsafeBufferPointer { table in
            // Every index below is a byte (0…255) plus a multiple of 256 under 2048, so the
            // unchecked reads stay inside the 2,048-entry table.
            guard let t = table.baseAddress, table.count == 8 * 256 else { return }
            while count - index >= 8 {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
                let low = state ^ UInt32(truncatingIfNeeded: word)
                let high = UInt32(truncatingIfNeeded: word >> 32)
                state = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                index += 8
            }
            while index < count {
                state = (state >> 8) ^ t[Int((state ^ UInt32(base.load(fromByteOffset: index, as: UInt8.self))) & 0xFF)]
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
