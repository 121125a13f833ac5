import PropertyList

/// A dictionary key the engine writes and matches often (a property's archive key, a reserved
/// key), prepared once: its UTF-8 and the hash the binary writer uniques it by.
struct ArchiveKey: @unchecked Sendable {
    // @unchecked: immutable.
    /// The key.
    let text: String
    /// Its UTF-8.
    let utf8: [UInt8]
    /// ``BinaryPropertyListStreamWriter/keyHash(utf8:)`` of ``utf8``.
    let hash: UInt64
    /// Whether every byte is ASCII (the binary reader then compares bytes without decoding).
    let isASCII: Bool

    init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        utf8 = bytes
        hash = bytes.withUnsafeBytes { BinaryPropertyListStreamWriter.keyHash(utf8: $0) }
        isASCII = bytes.allSatisfy { $0 < 0x80 }
    }
}
