import Foundation

/// A CRC-32 kept in the unused bytes of a `bplist00` trailer, so damage to a file is detected
/// while the file stays a plain binary property list that every reader accepts.
///
/// The 32-byte trailer starts with five unused bytes and a sort-version byte. CoreFoundation,
/// Foundation, Python's `plistlib` and ``BinaryPropertyListWriter`` write them as zeros, and
/// every reader (``BinaryPropertyListScanner`` included) skips all six. A sealed document has:
///
/// | Trailer bytes | Contents |
/// |---|---|
/// | 0 | ``marker``, ASCII `C` |
/// | 1–4 | CRC-32, big-endian, of the whole document with trailer bytes 0–4 read as zeros |
/// | 5 | the sort version, unchanged (and covered by the checksum) |
///
/// The checksum therefore covers every byte a reader uses: the header, the objects, the offset
/// table and the trailer's widths, object count, top object and table offset. A document whose
/// trailer does not start with the marker is not sealed (documents from other writers, or from
/// earlier versions of this package); one changed marker byte alone therefore reads as
/// "not sealed", and the rest of that document is exactly as written.
package enum BinaryPropertyListSeal {
    /// The first trailer byte of a sealed document: ASCII `C` (for CRC-32).
    package static let marker = UInt8(ascii: "C")
    /// How many leading trailer bytes the seal occupies: the marker and the checksum.
    package static let sealSize = 5

    /// What ``verify(_:)`` found.
    package enum Verdict: Sendable, Equatable {
        /// Sealed, and the checksum matches.
        case intact
        /// Sealed, and the checksum does not match: some byte changed after sealing.
        case damaged(stored: UInt32, computed: UInt32)
        /// No seal: not a `bplist00` document, too short to hold one, or no marker in the trailer.
        case notSealed
    }

    /// A copy of `data` with the seal written into its trailer (replacing any earlier seal).
    ///
    /// - Parameter data: A complete `bplist00` document.
    /// - Returns: The same document, sealed; it reads as the same value everywhere.
    /// - Throws: ``PropertyListError``: ``PropertyListError/Kind/invalidHeader`` when `data` does
    ///   not start with `bplist00`, ``PropertyListError/Kind/truncated`` when it is too short to
    ///   hold a trailer.
    package static func seal(_ data: Data) throws(PropertyListError) -> Data {
        typealias Format = BinaryPropertyListFormat
        guard data.starts(with: Format.magic) else {
            throw PropertyListError(.invalidHeader, "only a 'bplist00' document can be sealed",
                                    at: .init(byteOffset: 0))
        }
        guard data.count >= Format.minimumSize else {
            throw PropertyListError(.truncated, "a document of \(data.count) bytes is too short to hold a trailer to seal",
                                    at: .init(byteOffset: data.count))
        }
        var sealed = data
        let trailer = sealed.startIndex + sealed.count - Format.trailerSize
        let crc = sealed.withUnsafeBytes { checksum(of: $0) }
        sealed[trailer] = marker
        for index in 0..<4 {
            sealed[trailer + 1 + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index))
        }
        return sealed
    }

    /// Whether `data` carries a seal, and whether it still matches.
    ///
    /// - Parameter data: Any bytes.
    /// - Returns: ``Verdict/intact``, ``Verdict/damaged(stored:computed:)`` or ``Verdict/notSealed``.
    package static func verify(_ data: Data) -> Verdict {
        data.withUnsafeBytes { verify($0) }
    }

    /// Whether `bytes` carry a seal, and whether it still matches.
    ///
    /// - Parameter bytes: Any bytes; only read during the call.
    /// - Returns: ``Verdict/intact``, ``Verdict/damaged(stored:computed:)`` or ``Verdict/notSealed``.
    package static func verify(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        typealias Format = BinaryPropertyListFormat
        guard bytes.count >= Format.minimumSize, bytes.starts(with: Format.magic) else { return .notSealed }
        let trailer = bytes.count - Format.trailerSize
        guard bytes[trailer] == marker else { return .notSealed }
        var stored: UInt32 = 0
        for index in 1...4 { stored = stored << 8 | UInt32(bytes[trailer + index]) }
        let computed = checksum(of: bytes)
        return stored == computed ? .intact : .damaged(stored: stored, computed: computed)
    }

    /// The CRC-32 of a document whose trailer's first ``sealSize`` bytes are read as zeros.
    ///
    /// - Parameter bytes: A document of at least ``BinaryPropertyListFormat/trailerSize`` bytes.
    /// - Returns: The checksum a seal stores.
    static func checksum(of bytes: UnsafeRawBufferPointer) -> UInt32 {
        let trailer = bytes.count - BinaryPropertyListFormat.trailerSize
        return bytes.withMemoryRebound(to: UInt8.self) { all in
            var crc = CRC32.checksum(UnsafeBufferPointer(rebasing: all[..<trailer]))
            crc = CRC32.checksum(zeros, continuing: crc)
            return CRC32.checksum(UnsafeBufferPointer(rebasing: all[(trailer + sealSize)...]), continuing: crc)
        }
    }

    private static let zeros = [UInt8](repeating: 0, count: sealSize)
}
