import PropertyList

/// A dictionary key the engine writes and matches often (a property's archive key, a reserved
/// key), prepared once: its UTF-8 and the hash the binary writer uniques it by.
///
/// Keys live as long as the plans and constants that make them — the life of the process — so a key
/// is a plain value: passing one costs no reference counting, and its bytes never move, so writers
/// may recognize a key by their address.
package struct ArchiveKey: @unchecked Sendable {
    // @unchecked: immutable; `storage` is kept alive by the plan or constant that made the key.
    /// The key's text and bytes.
    private unowned(unsafe) let storage: ArchiveKeyStorage
    /// Its UTF-8, at an address that never changes.
    package let utf8: UnsafeRawBufferPointer
    /// ``BinaryPropertyListStreamWriter/keyHash(utf8:)`` of ``utf8``.
    package let hash: UInt64
    /// Whether every byte is ASCII (the binary reader then compares bytes without decoding).
    package let isASCII: Bool
    /// Whether XML can hold the key as it is, with nothing escaped (the XML writer then copies it).
    package let isPlainXMLText: Bool

    /// The key.
    package var text: String { storage.text }

    /// Prepares `text`, kept alive by `owner` (a plan's field or a constant).
    init(_ storage: ArchiveKeyStorage) {
        self.storage = storage
        utf8 = storage.utf8
        hash = storage.hash
        isASCII = storage.isASCII
        isPlainXMLText = storage.isPlainXMLText
    }
}

/// What an ``ArchiveKey`` refers to: allocated once per key and never freed (plans and constants
/// live for the life of the process).
final class ArchiveKeyStorage: @unchecked Sendable {
    // @unchecked: immutable after initialization.
    let text: String
    let utf8: UnsafeRawBufferPointer
    let hash: UInt64
    let isASCII: Bool
    let isPlainXMLText: Bool

    init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(bytes.count, 1), alignment: 8)
        memory.copyBytes(from: bytes)
        utf8 = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[0..<bytes.count])
        hash = BinaryPropertyListStreamWriter.keyHash(utf8: utf8)
        isASCII = bytes.allSatisfy { $0 < 0x80 }
        isPlainXMLText = XMLScalarSpelling.isPlainText(utf8: utf8)
    }

    /// The key, valid while this storage lives.
    var key: ArchiveKey { ArchiveKey(self) }
}
