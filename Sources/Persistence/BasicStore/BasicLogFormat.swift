/// The constants of the basic-value store's log file.
///
/// ```
/// file    = header record*
/// header  = magic(8) version(u32le) reserved(u32le, 0)                       16 bytes
/// record  = marker(4) length(u32le) crc(u32le) payload(length)              12 + length bytes
/// payload = operation(1) keyLength(varint) key(UTF-8) [value]              value only for a set
/// crc     = CRC-32C of the 4 length bytes followed by the payload
/// ```
///
/// The lock file next to the log (`<log>.lock`) holds two words shared by the processes that
/// have the store open, in native byte order (they never leave the machine):
///
/// ```
/// lock    = changeCounter(u64) replacementMark(u64)                            16 bytes
/// mark    = bit 0: a process is replacing the log (its temporary file may exist)
///           bit 1: a replacement's directory flush is owed (a compaction with `.atomic` durability)
/// ```
package enum BasicLogFormat {
    /// The first 8 bytes of every log: a non-ASCII byte, `ABVS`, CR LF and ^Z, so a file mangled by
    /// text-mode transfer or a file of another kind is recognised at once.
    static let magic: [UInt8] = [0x89, 0x41, 0x42, 0x56, 0x53, 0x0D, 0x0A, 0x1A]
    /// The format version this code writes and reads.
    static let version: UInt32 = 1
    /// Bytes before the first record.
    package static let headerSize = 16
    /// The 4 bytes that open every record. 0xFE and 0xC0 never occur in UTF-8, so the marker never
    /// appears inside a key or a string; after damage, the reader searches for the next marker.
    package static let marker: [UInt8] = [0xFE, 0xC0, 0xB5, 0x1C]
    /// ``marker`` read as a little-endian 32-bit number, for a one-compare check.
    static let markerValue: UInt32 = 0x1CB5_C0FE
    /// Marker, length and checksum.
    static let recordHeaderSize = 12
    /// The largest payload a record may have (64 MiB): a bigger value is refused at `set`, and a
    /// damaged length field beyond it is recognised as damage without reading further.
    package static let maximumPayloadSize = 64 << 20

    /// The lock file's size: its two shared words.
    package static let lockFileSize = 16
    /// Where the lock file's replacement mark is (a `u64` of flag bits).
    package static let replacementMarkOffset = 8
    /// The mark's bit set while a process replaces the log.
    static let replacingBit: UInt64 = 1 << 0
    /// The mark's bit set while a replacement's directory flush is owed.
    static let directoryFlushOwedBit: UInt64 = 1 << 1

    /// The header bytes of a new log.
    package static var header: [UInt8] {
        var bytes = magic
        _ = BasicByteWriter.write(into: &bytes, from: magic.count, count: 8) { writer in
            writer.putFixed32(version)
            writer.putFixed32(0)
            return true
        }
        return bytes
    }
}

/// What a record does, as stored in its first payload byte.
enum BasicLogOperation: UInt8 {
    /// Stores a value under the key.
    case set = 0x01
    /// Removes the key.
    case remove = 0x02
}
