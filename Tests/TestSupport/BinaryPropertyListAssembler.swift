import Foundation

/// Assembles binary property lists byte by byte, so tests can build documents — malformed ones
/// included — exactly as the format describes them, independently of the writer under test.
public struct BinaryPropertyListAssembler {
    /// The raw bytes of each object, in object-number order.
    public var objects: [[UInt8]]
    public var magic: [UInt8] = Array("bplist00".utf8)
    public var offsetIntSize: UInt8 = 1
    public var objectRefSize: UInt8 = 1
    public var topObject: UInt64 = 0
    /// Replaces the trailer's object count.
    public var objectCount: UInt64?
    /// Replaces the trailer's offset-table offset.
    public var offsetTableOffset: UInt64?
    /// Replaces individual offset-table entries.
    public var offsetOverrides: [Int: UInt64] = [:]

    public init(_ objects: [[UInt8]]) {
        self.objects = objects
    }

    /// Big-endian bytes of `value`, `width` long.
    public static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - $0))) }
    }

    /// An ASCII string object.
    public static func ascii(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return count(0x50, bytes.count) + bytes
    }

    /// A UTF-16 big-endian string object from raw units.
    public static func utf16(_ units: [UInt16]) -> [UInt8] {
        count(0x60, units.count) + units.flatMap { bigEndian(UInt64($0), width: 2) }
    }

    /// A marker with an inline count, or `0xF` and a minimal count integer.
    public static func count(_ marker: UInt8, _ count: Int) -> [UInt8] {
        if count < 15 { return [marker | UInt8(count)] }
        if count < 256 { return [marker | 0x0F, 0x10, UInt8(count)] }
        return [marker | 0x0F, 0x11] + bigEndian(UInt64(count), width: 2)
    }

    /// An array object referring to `references` with one-byte references.
    public static func array(_ references: [Int]) -> [UInt8] {
        count(0xA0, references.count) + references.map { UInt8($0) }
    }

    /// A dictionary object with one-byte references.
    public static func dictionary(keys: [Int], values: [Int]) -> [UInt8] {
        count(0xD0, keys.count) + keys.map { UInt8($0) } + values.map { UInt8($0) }
    }

    /// The document.
    public var bytes: [UInt8] {
        var out = magic
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(out.count))
            out += object
        }
        for (index, offset) in offsetOverrides { offsets[index] = offset }
        let table = UInt64(out.count)
        for offset in offsets { out += Self.bigEndian(offset, width: Int(offsetIntSize)) }
        out += [0, 0, 0, 0, 0, 0, offsetIntSize, objectRefSize]
        out += Self.bigEndian(objectCount ?? UInt64(objects.count), width: 8)
        out += Self.bigEndian(topObject, width: 8)
        out += Self.bigEndian(offsetTableOffset ?? table, width: 8)
        return out
    }

    public var data: Data { Data(bytes) }
}
