/// Limits that keep hostile input from exhausting memory or time.
///
/// Nesting never exhausts the stack, whatever the limit: readers and writers move deep work to a
/// thread with a fresh stack as needed. The depth limit bounds the memory deep nesting takes.
public struct PropertyListReadingOptions: Sendable, Hashable {
    /// The default depth limit of every reader and writer in this package (100,000): what the
    /// writers write, the readers read with default options.
    public static let defaultMaximumDepth = 100_000

    /// How deeply containers may nest; deeper input is a ``PropertyListError/Kind/depthLimitExceeded``
    /// error. Default ``defaultMaximumDepth``.
    public var maximumDepth: Int
    /// How many values the result may hold once shared references are expanded (a binary list can
    /// refer to one array from many places). Default 16,777,216.
    public var maximumExpandedValues: Int

    /// Creates options; the defaults suit any legitimate document.
    public init(maximumDepth: Int = PropertyListReadingOptions.defaultMaximumDepth,
                maximumExpandedValues: Int = 1 << 24) {
        self.maximumDepth = maximumDepth
        self.maximumExpandedValues = maximumExpandedValues
    }

    /// The defaults.
    public static let `default` = PropertyListReadingOptions()
}
