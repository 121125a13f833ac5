/// A property-list encoding.
public struct PropertyListFormat: Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier: `"binary"` or `"xml"`.
    public let rawValue: String

    private init(rawValue: String) { self.rawValue = rawValue }

    /// Apple's binary format, `bplist00`.
    public static let binary = PropertyListFormat(rawValue: "binary")
    /// The XML format with Apple's `plist` document type.
    public static let xml = PropertyListFormat(rawValue: "xml")

    public var description: String { rawValue }

    /// Recognizes the format from the first bytes of a document, or returns `nil`.
    ///
    /// Binary lists start with `bplist00`; XML ones with `<` after an optional UTF-8 byte-order
    /// mark and white space.
    public static func detect<Bytes: Collection>(_ bytes: Bytes) -> PropertyListFormat?
    where Bytes.Element == UInt8 {
        if bytes.starts(with: BinaryPropertyListFormat.magic) { return .binary }
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let start = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return start.first == UInt8(ascii: "<") ? .xml : nil
    }
}
