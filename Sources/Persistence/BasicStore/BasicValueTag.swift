/// The first byte of every encoded ``BasicValue``: which case follows.
///
/// The numbers are part of the file format; never renumber them. A reader meeting an unknown tag
/// (a record from a newer version, or damage the checksum missed) rejects the record.
enum BasicValueTag: UInt8 {
    /// Varint length, UTF-8 bytes.
    case string = 0x01
    /// Zigzag varint.
    case integer = 0x02
    /// 8 bytes, little-endian IEEE 754 bit pattern.
    case double = 0x03
    /// No payload.
    case boolFalse = 0x04
    /// No payload.
    case boolTrue = 0x05
    /// 8 bytes: the bit pattern of `timeIntervalSinceReferenceDate`.
    case date = 0x06
    /// Varint length, bytes.
    case data = 0x07
    /// Varint length, UTF-8 bytes of `absoluteString`.
    case url = 0x08
    /// Varint count, then each element.
    case array = 0x09
    /// Varint count, then each entry as varint key length, key UTF-8, value.
    case dictionary = 0x0A
}
