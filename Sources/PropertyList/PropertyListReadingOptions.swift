/// Limits that keep hostile input from exhausting memory or time.
///
/// Nesting never exhausts the stack, whatever the limit: readers and writers move deep work to a
/// thread with a fresh stack as needed. The depth limit bounds the memory deep nesting takes.
///
/// The expansion limit is proportional to the input: a binary list can refer to one container
/// from many places, so a few hundred bytes can describe millions of values. Readers share what
/// the file shares (a string or container referred to many times is decoded once), and count every
/// reference at the full size of what it refers to. A document may expand to
/// ``maximumExpandedValuesPerByte`` values per byte of input (never less than
/// ``minimumExpansionBudget``), and never to more than ``maximumExpandedValues``; past that,
/// reading stops with ``PropertyListError/Kind/expansionLimitExceeded``. Documents written by this
/// package (and by Foundation, which shares containers only when one instance is referred to
/// twice) expand to at most one value per byte, so the defaults refuse only crafted input.
public struct PropertyListReadingOptions: Sendable, Hashable {
    /// The default depth limit of every reader and writer in this package (100,000): what the
    /// writers write, the readers read with default options.
    public static let defaultMaximumDepth = 100_000

    /// The expansion every input may reach, however small (65,536 values).
    public static let minimumExpansionBudget = 1 << 16

    /// How deeply containers may nest; deeper input is a ``PropertyListError/Kind/depthLimitExceeded``
    /// error. Default ``defaultMaximumDepth``.
    public var maximumDepth: Int
    /// How many values the result may hold once shared references are expanded, whatever the size of
    /// the input. Default 16,777,216.
    public var maximumExpandedValues: Int
    /// How many values the result may hold per byte of input once shared references are expanded.
    /// Default 16.
    public var maximumExpandedValuesPerByte: Int

    /// Creates options; the defaults suit any legitimate document.
    public init(maximumDepth: Int = PropertyListReadingOptions.defaultMaximumDepth,
                maximumExpandedValues: Int = 1 << 24,
                maximumExpandedValuesPerByte: Int = 16) {
        self.maximumDepth = maximumDepth
        self.maximumExpandedValues = maximumExpandedValues
        self.maximumExpandedValuesPerByte = maximumExpandedValuesPerByte
    }

    /// The defaults.
    public static let `default` = PropertyListReadingOptions()

    /// How many values a document of `byteCount` bytes may expand to under these options:
    /// `maximumExpandedValuesPerByte × byteCount`, at least ``minimumExpansionBudget``, at most
    /// ``maximumExpandedValues``.
    ///
    /// - Parameter byteCount: The size of the input.
    /// - Returns: The expansion limit the readers apply to it.
    public func expandedValueLimit(forInputOfSize byteCount: Int) -> Int {
        let (scaled, overflow) = Swift.max(byteCount, 0).multipliedReportingOverflow(by: Swift.max(maximumExpandedValuesPerByte, 0))
        let proportional = overflow ? Int.max : Swift.max(scaled, Self.minimumExpansionBudget)
        return Swift.min(maximumExpandedValues, proportional)
    }
}
