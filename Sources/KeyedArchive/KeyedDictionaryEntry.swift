/// One key–value pair of ``KeyedValue/dictionary(_:)`` (keys of an `NSDictionary` may be any object).
public struct KeyedDictionaryEntry: Sendable, Hashable {
    /// The key.
    public var key: KeyedValue
    /// The value.
    public var value: KeyedValue

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The value.
    public init(key: KeyedValue, value: KeyedValue) {
        self.key = key
        self.value = value
    }
}
