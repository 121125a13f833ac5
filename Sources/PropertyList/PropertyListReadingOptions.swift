/// Limits that keep hostile input from exhausting the stack, memory or time.
public struct PropertyListReadingOptions: Sendable, Hashable {
    /// How deeply containers may nest; deeper input is a ``PropertyListError/Kind/depthLimitExceeded``
    /// error. Default 512.
    public var maximumDepth: Int
    /// How many values the result may hold once shared references are expanded (a binary list can
    /// refer to one array from many places). Default 16,777,216.
    public var maximumExpandedValues: Int

    /// Creates options; the defaults suit any legitimate document.
    public init(maximumDepth: Int = 512, maximumExpandedValues: Int = 1 << 24) {
        self.maximumDepth = maximumDepth
        self.maximumExpandedValues = maximumExpandedValues
    }

    /// The defaults.
    public static let `default` = PropertyListReadingOptions()
}
