import Foundation
import PropertyList

/// Writes a binary property list (`bplist00`) straight from values, without building a tree.
///
/// Objects are numbered in the order they are finished: scalars are written at once, containers
/// right after their elements (whose references collect on a scratch stack meanwhile). Object
/// references have a fixed width chosen up front; when the archive turns out to need more
/// objects than that width can number, writing stops with ``WidthExceeded`` and the caller starts
/// again one width up (1, 2, then 4 bytes). Restarts happen at 255 and 65,535 objects, so they
/// cost little, and nothing but the offsets and the bytes is kept per object. Strings are uniqued (property keys through a per-field cache,
/// so keys are never hashed), and so are the two Booleans; other scalars are written as they come.
///
/// The format facts used (markers, big-endian widths, trailer layout) are those of Apple's
/// documented `bplist00` format as CoreFoundation and Python's `plistlib` read it.
struct BinaryArchiveWriter: ~Copyable {
    private var bytes: ByteBuffer
    /// Byte offset of each object, by object number (4 bytes each: archives are limited to 4 GiB,
    /// which keeps the writer's working memory small).
    private var offsets: [UInt32] = []
    /// The width of an object reference, in bytes.
    private let referenceWidth: Int
    /// The most objects `referenceWidth` can number (CoreFoundation wants the count itself to fit).
    private let objectLimit: Int
    /// References of the containers being filled, innermost last.
    private var scratch: [UInt32] = []
    /// Strings already written; literal keys, so canonically equivalent spellings stay distinct.
    private var strings: [LiteralKey: UInt32] = [:]
    /// Object numbers of property keys, by ``FieldPlan/serial``; `UInt32.max` when not written yet.
    private var keyObjects: [UInt32] = []
    private var trueObject: UInt32?
    private var falseObject: UInt32?

    /// Thrown when the archive needs more objects than the reference width can number.
    struct WidthExceeded: Error {}

    /// Starts a document: the magic number comes first.
    ///
    /// - Parameters:
    ///   - referenceWidth: 1, 2 or 4 bytes per object reference.
    ///   - hint: What a previous archive of the same root type needed, to allocate once.
    init(referenceWidth: Int, hint: ArchiveSizeHints.Hint? = nil) {
        self.referenceWidth = referenceWidth
        objectLimit = referenceWidth >= 4 ? Int(UInt32.max) : (1 << (8 * referenceWidth)) - 1
        // A little headroom over the last size, so a slightly larger archive does not double.
        bytes = ByteBuffer(initialCapacity: hint.map { $0.bytes + $0.bytes / 16 + 256 } ?? 1 << 16)
        offsets.reserveCapacity(hint.map { $0.objects + $0.objects / 16 + 16 } ?? 1024)
        bytes.append("bplist00")
    }

    /// The number of objects written so far.
    var objectCount: Int { offsets.count }

    // MARK: Scalars

    /// Starts a new object at the current end of the buffer and returns its number.
    private mutating func newObject() throws -> UInt32 {
        guard offsets.count < objectLimit else {
            if referenceWidth < 4 { throw WidthExceeded() }
            throw AutoCodingError(.unrepresentable, "binary archives written directly are limited to 2^32 - 1 objects")
        }
        guard let offset = UInt32(exactly: bytes.count) else {
            throw AutoCodingError(.unrepresentable, "binary archives written directly are limited to 4 GiB")
        }
        offsets.append(offset)
        return UInt32(offsets.count - 1)
    }

    /// A string object, shared with every equal string already written.
    mutating func string(_ value: String) throws -> UInt32 {
        if let existing = strings[LiteralKey(value)] { return existing }
        let object = try newObject()
        var text = value
        let isASCII = text.withUTF8 { utf8 in utf8.allSatisfy { $0 < 0x80 } }
        if isASCII {
            let count = text.utf8.count
            writeMarker(0x50, count: count)
            text.withUTF8 { bytes.append(contentsOf: UnsafeRawBufferPointer($0)) }
        } else {
            let count = text.utf16.count
            writeMarker(0x60, count: count)
            bytes.reserve(count * 2)
            for unit in text.utf16 { bytes.appendBigEndian(UInt64(unit), width: 2) }
        }
        strings[LiteralKey(value)] = object
        return object
    }

    /// The key object of a plan's property, written once per archive.
    mutating func key(_ field: FieldPlan) throws -> UInt32 {
        let serial = field.serial
        if serial < keyObjects.count, keyObjects[serial] != .max { return keyObjects[serial] }
        let object = try string(field.key)
        if serial >= keyObjects.count {
            keyObjects.append(contentsOf: repeatElement(UInt32.max, count: serial + 1 - keyObjects.count))
        }
        keyObjects[serial] = object
        return object
    }

    /// A signed integer object.
    mutating func integer(_ value: Int64) throws -> UInt32 {
        if value >= 0 { return try unsigned(UInt64(value)) }
        let object = try newObject()
        bytes.append(0x13)
        bytes.appendBigEndian(UInt64(bitPattern: value), width: 8)
        return object
    }

    /// A non-negative integer object; values above `Int64.max` take the 16-byte form.
    mutating func unsigned(_ value: UInt64) throws -> UInt32 {
        let object = try newObject()
        writeUnsigned(value)
        return object
    }

    private mutating func writeUnsigned(_ value: UInt64) {
        switch value {
        case 0...0xFF:
            bytes.append(0x10)
            bytes.append(UInt8(value))
        case 0...0xFFFF:
            bytes.append(0x11)
            bytes.appendBigEndian(value, width: 2)
        case 0...0xFFFF_FFFF:
            bytes.append(0x12)
            bytes.appendBigEndian(value, width: 4)
        case 0...UInt64(Int64.max):
            bytes.append(0x13)
            bytes.appendBigEndian(value, width: 8)
        default:
            bytes.append(0x14)
            bytes.appendBigEndian(0, width: 8)
            bytes.appendBigEndian(value, width: 8)
        }
    }

    /// A 64-bit real object.
    mutating func real(_ value: Double) throws -> UInt32 {
        let object = try newObject()
        bytes.append(0x23)
        bytes.appendBigEndian(value.bitPattern, width: 8)
        return object
    }

    /// A 32-bit real object.
    mutating func real32(_ value: Float) throws -> UInt32 {
        let object = try newObject()
        bytes.append(0x22)
        bytes.appendBigEndian(UInt64(value.bitPattern), width: 4)
        return object
    }

    /// A Boolean object (the two are shared).
    mutating func bool(_ value: Bool) throws -> UInt32 {
        if value, let trueObject { return trueObject }
        if !value, let falseObject { return falseObject }
        let object = try newObject()
        bytes.append(value ? 0x09 : 0x08)
        if value { trueObject = object } else { falseObject = object }
        return object
    }

    /// A date object (seconds since 2001-01-01 as a 64-bit real).
    mutating func date(_ value: Date) throws -> UInt32 {
        let object = try newObject()
        bytes.append(0x33)
        bytes.appendBigEndian(value.timeIntervalSinceReferenceDate.bitPattern, width: 8)
        return object
    }

    /// A data object.
    mutating func data(_ value: Data) throws -> UInt32 {
        let object = try newObject()
        writeMarker(0x40, count: value.count)
        value.withUnsafeBytes { bytes.append(contentsOf: $0) }
        return object
    }

    /// Writes any tree (the path for values without a direct writer, e.g. `Codable` bridges).
    mutating func tree(_ value: PropertyListValue) throws -> UInt32 {
        switch value {
        case .string(let text): return try string(text)
        case .integer(let integer):
            if let signed = integer.int64Value { return try self.integer(signed) }
            return try unsigned(integer.uint64Value ?? 0)
        case .real(let number): return try real(number)
        case .real32(let number): return try real32(number)
        case .bool(let flag): return try bool(flag)
        case .date(let moment): return try date(moment)
        case .data(let blob): return try data(blob)
        case .uid:
            throw AutoCodingError(.unrepresentable, "keyed-archive UIDs cannot appear in a plain archive")
        case .array(let items):
            let start = beginContainer()
            for item in items { append(try tree(item)) }
            return try endArray(start)
        case .dictionary(let entries):
            let start = beginContainer()
            for (key, item) in entries { appendEntry(key: try string(key), value: try tree(item)) }
            return try endDictionary(start)
        }
    }

    // MARK: Containers

    /// Starts collecting the elements of a container; pass the result to `endArray`/`endDictionary`.
    mutating func beginContainer() -> Int { scratch.count }

    /// Adds an array element.
    mutating func append(_ object: UInt32) { scratch.append(object) }

    /// Adds a dictionary entry.
    mutating func appendEntry(key: UInt32, value: UInt32) {
        scratch.append(key)
        scratch.append(value)
    }

    /// Finishes the array whose elements were appended since `start`.
    mutating func endArray(_ start: Int) throws -> UInt32 {
        let object = try newObject()
        let count = scratch.count - start
        writeMarker(0xA0, count: count)
        writeReferences(from: start, stride: 1, count: count)
        scratch.removeSubrange(start...)
        return object
    }

    /// Finishes the dictionary whose entries were appended since `start`.
    mutating func endDictionary(_ start: Int) throws -> UInt32 {
        let object = try newObject()
        let count = (scratch.count - start) / 2
        writeMarker(0xD0, count: count)
        writeReferences(from: start, stride: 2, count: count)
        writeReferences(from: start + 1, stride: 2, count: count)
        scratch.removeSubrange(start...)
        return object
    }

    private mutating func writeReferences(from first: Int, stride: Int, count: Int) {
        bytes.reserve(count * referenceWidth)
        var position = first
        for _ in 0..<count {
            bytes.appendBigEndian(UInt64(scratch[position]), width: referenceWidth)
            position += stride
        }
    }

    // MARK: Output

    /// Writes the offset table and the trailer, and returns the document.
    consuming func finish(root: UInt32) -> Data {
        let objectCount = offsets.count
        let tableOffset = bytes.count
        let offsetWidth = Self.width(for: UInt64(tableOffset))
        bytes.reserve(objectCount * offsetWidth + 32)
        for offset in offsets { bytes.appendBigEndian(UInt64(offset), width: offsetWidth) }
        for _ in 0..<6 { bytes.append(0) }
        bytes.append(UInt8(offsetWidth))
        bytes.append(UInt8(referenceWidth))
        bytes.appendBigEndian(UInt64(objectCount), width: 8)
        bytes.appendBigEndian(UInt64(root), width: 8)
        bytes.appendBigEndian(UInt64(tableOffset), width: 8)
        return bytes.finish()
    }

    /// A marker with its count in the low nibble, or nibble 0xF followed by an integer object.
    private mutating func writeMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            writeUnsigned(UInt64(count))
        }
    }

    /// The fewest bytes (1, 2, 4 or 8) that hold `limit` itself. CoreFoundation requires the
    /// object count to fit the reference width and the offset table's offset to fit the offset
    /// width (not just the largest reference or offset), so the bound is inclusive.
    private static func width(for limit: UInt64) -> Int {
        if limit <= 0xFF { return 1 }
        if limit <= 0xFFFF { return 2 }
        if limit <= 0xFFFF_FFFF { return 4 }
        return 8
    }
}
