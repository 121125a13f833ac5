import PropertyList

/// Where the decoder found a value: the value, the `$objects` index it came from (`nil` when it
/// was stored inline in its object), and the object and key that referred to it.
struct KeyedSite {
    let value: PropertyListValue
    let index: Int?
    let parent: Int?
    let key: String?

    /// A type mismatch located at the value's own object, or — for inline values and `$null` — at
    /// the object and key that refer to it.
    func mismatch(_ expected: String) -> KeyedArchiveError {
        let found = index == 0 ? "nil ($null)" : "a \(value.typeName)"
        let atReferrer = index == nil || index == 0
        return KeyedArchiveError(.typeMismatch, "expected \(expected), found \(found)",
                                 objectIndex: atReferrer ? parent : index, key: atReferrer ? key : nil)
    }
}
