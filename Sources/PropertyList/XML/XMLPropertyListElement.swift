/// The elements of Apple's property-list document type.
///
/// The raw value is the element name's bytes packed little-endian into an integer, so the scanner
/// recognizes a tag with one integer `switch` instead of string comparisons. Every name is at
/// most seven bytes and contains no NUL, so the packing is unambiguous.
enum XMLPropertyListElement: UInt64 {
    case plist = 0x74_73_69_6C_70 // "plist"
    case dict = 0x74_63_69_64 // "dict"
    case key = 0x79_65_6B // "key"
    case array = 0x79_61_72_72_61 // "array"
    case string = 0x67_6E_69_72_74_73 // "string"
    case integer = 0x72_65_67_65_74_6E_69 // "integer"
    case real = 0x6C_61_65_72 // "real"
    case `true` = 0x65_75_72_74 // "true"
    case `false` = 0x65_73_6C_61_66 // "false"
    case date = 0x65_74_61_64 // "date"
    case data = 0x61_74_61_64 // "data"

    /// Names longer than this are not property-list elements.
    static var maximumNameLength: Int { 7 }

    /// The number of bytes of the element name.
    @inline(__always)
    var nameLength: Int { (71 - rawValue.leadingZeroBitCount) / 8 }

    /// The mask of the low `length` bytes of a packed name (`length` below 8).
    @inline(__always)
    static func nameMask(length: Int) -> UInt64 { (1 << UInt64(8 * length)) &- 1 }

    /// The element name, for messages.
    var name: String {
        Self.spell(packed: rawValue)
    }

    /// Unpacks a packed name (of any bytes) for messages.
    static func spell(packed: UInt64) -> String {
        var bytes: [UInt8] = []
        var rest = packed
        while rest != 0 {
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
