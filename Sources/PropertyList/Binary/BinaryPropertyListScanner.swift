import Foundation

/// A validated, zero-copy view of a `bplist00` document: its trailer, offset table and objects.
///
/// Creating a scanner checks the header and trailer; ``object(_:)`` then checks one object's
/// marker, count and extent before anything reads its payload, so the typed accessors
/// (``integer(_:)``, ``string(_:)``, ``reference(_:at:)`` …) never read outside the object region.
/// No check allocates memory in proportion to a declared count.
///
/// The scanner borrows the bytes it was created from and must not outlive them: create it inside
/// `withUnsafeBytes` and use it only there. Only version `00` is read; `bplist15`, `bplist16`
/// and other variants are rejected as ``PropertyListError/Kind/invalidHeader``. The trailer's five
/// unused bytes and its sort-version byte are never read, so a ``BinaryPropertyListSeal`` kept
/// there changes nothing for the scanner.
///
/// The reader builds ``PropertyListValue`` trees from a scanner; decoders that want specific
/// fields can instead walk it directly, starting at ``topObject``.
package struct BinaryPropertyListScanner {
    /// The whole document.
    package let bytes: UnsafeRawBufferPointer
    @usableFromInline let base: UnsafeRawPointer
    /// The number of objects in the offset table (at least 1).
    package let objectCount: Int
    /// The number of the root object.
    package let topObject: Int
    /// The width in bytes of each offset-table entry (1 to 8).
    package let offsetIntSize: Int
    /// The width in bytes of each object reference inside arrays and dictionaries (1 to 8).
    package let objectRefSize: Int
    /// Where the offset table starts; objects lie in `8 ..< offsetTableOffset`.
    package let offsetTableOffset: Int

    /// Validates the header and trailer of a binary property list.
    ///
    /// - Parameter bytes: The complete document; it must stay valid while the scanner is used.
    /// - Throws: ``PropertyListError`` — `invalidHeader` for a wrong magic, version or trailer
    ///   field, `truncated` for a file too short to hold one object, `outOfBounds` for an offset
    ///   table outside the file.
    package init(bytes: UnsafeRawBufferPointer) throws(PropertyListError) {
        typealias Format = BinaryPropertyListFormat
        let size = bytes.count
        guard let base = bytes.baseAddress, size > 0 else {
            throw PropertyListError(.truncated, "the input is empty", at: .init(byteOffset: 0))
        }
        for index in 0..<min(size, Format.headerSize) where bytes[index] != Format.magic[index] {
            let versionOnly = index >= 6
            let reason = versionOnly
                ? "binary property list version '\(Self.printable(bytes, 6..<min(size, 8)))' is not supported; only 'bplist00' is read"
                : "the input does not start with 'bplist00'"
            throw PropertyListError(.invalidHeader, reason, at: .init(byteOffset: index))
        }
        guard size >= Format.minimumSize else {
            throw PropertyListError(
                .truncated,
                "a binary property list needs at least \(Format.minimumSize) bytes (header, one object, offset table, trailer); this one has \(size)",
                at: .init(byteOffset: size))
        }
        let trailer = size - Format.trailerSize
        let offsetIntSize = Int(bytes[trailer + 6])
        let objectRefSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetIntSize) else {
            throw PropertyListError(.invalidHeader, "trailer offset size \(offsetIntSize) is not between 1 and 8",
                                    at: .init(byteOffset: trailer + 6))
        }
        guard (1...8).contains(objectRefSize) else {
            throw PropertyListError(.invalidHeader, "trailer object reference size \(objectRefSize) is not between 1 and 8",
                                    at: .init(byteOffset: trailer + 7))
        }
        let rawCount = Self.bigEndian(base, at: trailer + 8, width: 8)
        let rawTop = Self.bigEndian(base, at: trailer + 16, width: 8)
        let rawTable = Self.bigEndian(base, at: trailer + 24, width: 8)
        // Every object takes at least one byte and one offset-table entry, so a count above the
        // file size is certainly wrong; checking it first keeps the arithmetic below in range.
        guard rawCount >= 1, rawCount <= UInt64(size) else {
            throw PropertyListError(.invalidHeader,
                                    "trailer object count \(rawCount) is impossible for a file of \(size) bytes",
                                    at: .init(byteOffset: trailer + 8))
        }
        guard rawTop < rawCount else {
            throw PropertyListError(.invalidHeader, "top object \(rawTop) is not among the \(rawCount) objects",
                                    at: .init(byteOffset: trailer + 16))
        }
        let count = Int(rawCount)
        let (tableLength, overflow) = count.multipliedReportingOverflow(by: offsetIntSize)
        guard rawTable > UInt64(Format.headerSize), rawTable < UInt64(trailer), !overflow,
              tableLength <= trailer - Int(rawTable)
        else {
            throw PropertyListError(
                .outOfBounds,
                "offset table at offset \(rawTable) with \(count) entries of \(offsetIntSize) bytes does not fit between the header and the trailer at offset \(trailer)",
                at: .init(byteOffset: trailer + 24))
        }
        self.bytes = bytes
        self.base = base
        self.objectCount = count
        self.topObject = Int(rawTop)
        self.offsetIntSize = offsetIntSize
        self.objectRefSize = objectRefSize
        self.offsetTableOffset = Int(rawTable)
    }

    /// Validates `data` as a binary property list and runs `body` with a scanner over its bytes.
    ///
    /// - Parameters:
    ///   - data: A complete `bplist00` document.
    ///   - body: Work to do with the scanner, which must not escape the closure.
    /// - Returns: What `body` returns.
    /// - Throws: The ``PropertyListError`` from validating the header and trailer, or what `body`
    ///   throws.
    package static func withScanner<Result>(
        over data: Data, _ body: (BinaryPropertyListScanner) throws -> Result
    ) throws -> Result {
        try data.withUnsafeBytes { bytes in try body(try BinaryPropertyListScanner(bytes: bytes)) }
    }

    /// The byte offset of object `number`, checked to lie in the object region.
    ///
    /// - Parameter number: An object number below ``objectCount``.
    /// - Returns: The offset of the object's marker byte.
    /// - Throws: ``PropertyListError/Kind/outOfBounds`` for a bad number or offset.
    @inlinable @inline(__always)
    package func offset(ofObject number: Int) throws(PropertyListError) -> Int {
        guard let offset = validOffset(ofObject: number) else { throw offsetFailure(number) }
        return offset
    }

    /// ``offset(ofObject:)`` without the error: `nil` for a bad number or offset.
    @inlinable @inline(__always)
    func validOffset(ofObject number: Int) -> Int? {
        guard number >= 0, number < objectCount else { return nil }
        let raw = Self.bigEndian(base, at: offsetTableOffset &+ number &* offsetIntSize, width: offsetIntSize)
        guard raw >= UInt64(BinaryPropertyListFormat.headerSize), raw < UInt64(offsetTableOffset) else { return nil }
        return Int(truncatingIfNeeded: raw)
    }

    // Errors are built out of line so the checks above stay small enough to inline.

    /// Why ``validOffset(ofObject:)`` found no offset for object `number`.
    @usableFromInline @inline(never)
    func offsetFailure(_ number: Int) -> PropertyListError {
        guard number >= 0, number < objectCount else { return numberError(number) }
        let entry = offsetTableOffset &+ number &* offsetIntSize
        return offsetError(number, entry: entry, raw: Self.bigEndian(base, at: entry, width: offsetIntSize))
    }

    @usableFromInline @inline(never)
    func numberError(_ number: Int) -> PropertyListError {
        PropertyListError(.outOfBounds, "there is no object \(number); the file has \(objectCount)",
                          at: .init(objectNumber: number))
    }

    @usableFromInline @inline(never)
    func offsetError(_ number: Int, entry: Int, raw: UInt64) -> PropertyListError {
        PropertyListError(
            .outOfBounds,
            "object offset \(raw) lies outside the object region \(BinaryPropertyListFormat.headerSize)..<\(offsetTableOffset)",
            at: .init(byteOffset: entry, objectNumber: number))
    }

    /// Reads an unsigned big-endian integer of `width` (1 to 8) bytes; the caller checked bounds.
    @inlinable @inline(__always)
    static func bigEndian(_ base: UnsafeRawPointer, at offset: Int, width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
        case 2: return UInt64(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8: return UInt64(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for index in 0..<width {
                value = value << 8 | UInt64(base.load(fromByteOffset: offset + index, as: UInt8.self))
            }
            return value
        }
    }

    private static func printable(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: bytes[range].map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
