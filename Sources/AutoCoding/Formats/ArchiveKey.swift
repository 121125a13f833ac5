import PropertyList

/// A dictionary key the engine writes and matches often (a property's archive key, a reserved
/// key), prepared once: its UTF-8 and the hash the binary writer uniques it by.
package struct ArchiveKey: @unchecked Sendable {
    // @unchecked: immutable.
    /// The key.
    package let text: String
    /// Its UTF-8.
    package let utf8: [UInt8]
    /// ``BinaryPropertyListStreamWriter/keyHash(utf8:)`` of ``utf8``.
    package let hash: UInt64
    /// Whether every byte is ASCII (the binary reader then compares bytes without decoding).
    package let isASCII: Bool

    package init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        utf8 = bytes
        hash = bytes.withUnsafeBytes { BinaryPropertyListStreamWriter.keyHash(utf8: $0) }
        isASCII = bytes.allSatisfy { $0 < 0x80 }
    }
}
