/// Where the parts of one intact record lie in the bytes it was read from, found without copying
/// anything: the index keeps the log's bytes and points into them, so opening a store makes no
/// `String` or value per record.
package struct BasicRecordLocation {
    /// The record's first byte (its marker).
    package var offset: Int
    /// Marker, length, checksum and payload.
    package var size: Int
    /// The key's UTF-8 bytes: `keyStart ..< keyStart + keyCount`.
    package var keyStart: Int
    /// How many bytes the key has.
    package var keyCount: Int
    /// Whether every key byte is below 0x80, so the key is already in its only normalization.
    package var keyIsASCII: Bool
    /// Whether the record sets a value (`false`: it removes the key). The value's bytes, tag
    /// included, run from ``valueStart`` to the record's end.
    package var isSet: Bool

    /// The first byte of the value (meaningful only for a set).
    package var valueStart: Int { keyStart + keyCount }
    /// One past the record's last byte.
    package var end: Int { offset + size }
}
