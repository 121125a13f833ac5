/// A value as the index holds it: decoded, or — for strings and data read when the log is opened —
/// still encoded in the log's bytes, which the index keeps, and decoded at the first get.
///
/// Opening a store then allocates nothing per value: the scanner checks such a value as fully as
/// decoding would (tag, length, UTF-8) but copies nothing, so a damaged value is still skipped at
/// open and a later decode cannot fail.
package enum BasicIndexedValue {
    /// A decoded value.
    case decoded(BasicValue)
    /// An encoded value (tag included) at `offset` in the log bytes the index keeps, `count` bytes long.
    case encoded(offset: Int, count: Int)
}
