/// Constants of the `bplist00` binary property-list format.
///
/// A document is the 8-byte header, the objects, an offset table giving each object's position,
/// and a 32-byte trailer (five unused bytes, the sort version, the offset and reference widths, the
/// object count, the top object and the offset table's position; ``BinaryPropertyListSeal`` keeps
/// a checksum in the unused bytes). Each object starts with a marker byte whose high nibble is its
/// type and whose low nibble is a size or count (`0xF` meaning "the count follows as an integer
/// object").
package enum BinaryPropertyListFormat {
    /// The eight bytes every binary property list starts with.
    package static let magic: [UInt8] = Array("bplist00".utf8)
    /// The length of the header (``magic``).
    package static let headerSize = 8
    /// The length of the trailer at the end of the file.
    package static let trailerSize = 32
    /// The smallest complete document: header, a one-byte object, a one-byte offset table, trailer.
    package static let minimumSize = headerSize + 1 + 1 + trailerSize
    /// Counts above this are written as low nibble `0xF` followed by an integer object.
    package static let maximumInlineCount = 14

    /// Marker bytes and marker high nibbles.
    package enum Marker {
        /// `false`.
        package static let boolFalse: UInt8 = 0x08
        /// `true`.
        package static let boolTrue: UInt8 = 0x09
        /// An integer; the low nibble `n` gives `1 << n` payload bytes.
        package static let integer: UInt8 = 0x10
        /// A 32-bit float.
        package static let real32: UInt8 = 0x22
        /// A 64-bit float.
        package static let real64: UInt8 = 0x23
        /// A date: a 64-bit float of seconds since 2001-01-01 00:00:00 UTC.
        package static let date: UInt8 = 0x33
        /// Data; the low nibble is the byte count.
        package static let data: UInt8 = 0x40
        /// An ASCII string; the low nibble is the byte count.
        package static let asciiString: UInt8 = 0x50
        /// A UTF-16 big-endian string; the low nibble is the count of UTF-16 units.
        package static let utf16String: UInt8 = 0x60
        /// A keyed-archive UID; the low nibble `n` gives `n + 1` payload bytes.
        package static let uid: UInt8 = 0x80
        /// An array; the low nibble is the element count.
        package static let array: UInt8 = 0xA0
        /// A set (not part of the property-list model).
        package static let set: UInt8 = 0xC0
        /// A dictionary; the low nibble is the entry count; key references precede value references.
        package static let dictionary: UInt8 = 0xD0
    }

    /// The fewest bytes (1, 2, 4 or 8) that hold `value` as an unsigned big-endian integer.
    @inlinable
    package static func byteWidth(_ value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    /// The reference or offset width CoreFoundation accepts for values below `limit`: it requires
    /// `limit < 1 << (8 * width)`, so the width is chosen from the limit itself.
    @inlinable
    package static func widthCovering(_ limit: Int) -> Int {
        byteWidth(UInt64(max(limit, 0)))
    }
}
