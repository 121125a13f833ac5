import Persistence

/// One record of a format's disk journal (see ``DiskJournal`` for the file layout).
package enum JournalRecord: Sendable, Equatable {
    /// A process registered the format and started numbering its uses with `session`.
    case session(UInt32, startedAt: Double)
    /// The entry of `key` is `fileName` (in the entries directory), `size` bytes, stored at
    /// `storedAt`, last used at `accessedAt` in `session`. Replaces any earlier state of the key.
    case stored(key: String, fileName: String, size: Int64, storedAt: Double, accessedAt: Double, session: UInt32)
    /// The entry of `key` was used at `accessedAt` in `session`.
    case accessed(key: String, accessedAt: Double, session: UInt32)
    /// The entry of `key` was removed.
    case removed(key: String)

    /// Record kinds as stored in the payload's first byte.
    private enum Kind: UInt8 {
        case session = 1, stored = 2, accessed = 3, removed = 4
    }

    /// Largest payload accepted when reading; bigger lengths mean a corrupt length field.
    package static let maximumPayloadLength = 1 << 20

    /// Appends the record's frame — payload length (UInt32 LE), CRC-32 of the payload (UInt32 LE),
    /// payload — to `bytes`.
    ///
    /// - Parameter bytes: The buffer to append to.
    package func append(to bytes: inout [UInt8]) {
        var payload: [UInt8] = []
        switch self {
        case .session(let number, let startedAt):
            payload.append(Kind.session.rawValue)
            Self.put(number, &payload)
            Self.put(startedAt.bitPattern, &payload)
        case .stored(let key, let fileName, let size, let storedAt, let accessedAt, let session):
            payload.append(Kind.stored.rawValue)
            Self.put(UInt64(bitPattern: size), &payload)
            Self.put(storedAt.bitPattern, &payload)
            Self.put(accessedAt.bitPattern, &payload)
            Self.put(session, &payload)
            Self.putString(fileName, &payload)
            payload.append(contentsOf: key.utf8)
        case .accessed(let key, let accessedAt, let session):
            payload.append(Kind.accessed.rawValue)
            Self.put(accessedAt.bitPattern, &payload)
            Self.put(session, &payload)
            payload.append(contentsOf: key.utf8)
        case .removed(let key):
            payload.append(Kind.removed.rawValue)
            payload.append(contentsOf: key.utf8)
        }
        Self.put(UInt32(truncatingIfNeeded: payload.count), &bytes)
        Self.put(CRC32.checksum(payload), &bytes)
        bytes.append(contentsOf: payload)
    }

    /// Decodes one payload (already checksummed), or `nil` when it is malformed.
    ///
    /// - Parameter payload: The bytes after a frame's length and checksum.
    /// - Returns: The record.
    package static func decode(_ payload: ArraySlice<UInt8>) -> JournalRecord? {
        var reader = Reader(bytes: payload)
        guard let kindByte = reader.byte(), let kind = Kind(rawValue: kindByte) else { return nil }
        switch kind {
        case .session:
            guard let number = reader.uint32(), let started = reader.uint64(), reader.isAtEnd else { return nil }
            return .session(number, startedAt: Double(bitPattern: started))
        case .stored:
            guard let size = reader.uint64(), let stored = reader.uint64(), let accessed = reader.uint64(),
                  let session = reader.uint32(), let fileName = reader.string(), let key = reader.rest(),
                  Int64(bitPattern: size) >= 0 else { return nil }
            return .stored(key: key, fileName: fileName, size: Int64(bitPattern: size),
                           storedAt: Double(bitPattern: stored), accessedAt: Double(bitPattern: accessed),
                           session: session)
        case .accessed:
            guard let accessed = reader.uint64(), let session = reader.uint32(), let key = reader.rest() else { return nil }
            return .accessed(key: key, accessedAt: Double(bitPattern: accessed), session: session)
        case .removed:
            guard let key = reader.rest() else { return nil }
            return .removed(key: key)
        }
    }

    private static func put<T: FixedWidthInteger>(_ value: T, _ bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func putString(_ string: String, _ bytes: inout [UInt8]) {
        put(UInt32(truncatingIfNeeded: string.utf8.count), &bytes)
        bytes.append(contentsOf: string.utf8)
    }

    /// Bounds-checked little-endian reads over a payload.
    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var position: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        var isAtEnd: Bool { position == bytes.endIndex }

        mutating func byte() -> UInt8? {
            guard position < bytes.endIndex else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func uint32() -> UInt32? { integer(UInt32.self) }
        mutating func uint64() -> UInt64? { integer(UInt64.self) }

        mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            let width = MemoryLayout<T>.size
            guard bytes.endIndex - position >= width else { return nil }
            var value: T = 0
            for offset in (0..<width).reversed() { value = value << 8 | T(bytes[position + offset]) }
            position += width
            return value
        }

        mutating func string() -> String? {
            guard let length = uint32(), Int(length) <= bytes.endIndex - position else { return nil }
            let end = position + Int(length)
            defer { position = end }
            return Self.validUTF8(bytes[position..<end])
        }

        /// The bytes as a string, or `nil` unless they are valid UTF-8 (`String(validating:)` needs
        /// newer Apple systems than the package supports, hence the round trip).
        static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
            let string = String(decoding: bytes, as: UTF8.self)
            return string.utf8.elementsEqual(bytes) ? string : nil
        }

        mutating func rest() -> String? {
            defer { position = bytes.endIndex }
            return Self.validUTF8(bytes[position...])
        }
    }
}
