import PropertyList

/// Limits applied while reading a keyed archive, so hostile input costs bounded work.
public struct KeyedUnarchivingOptions: Sendable, Hashable {
    /// The deepest nesting of values (collections and structs inside each other) that is read.
    ///
    /// References between class instances do not nest: they are followed from a work list, so
    /// a linked list of any length is read without deepening. Values do nest, one level of
    /// recursion each; the default of 256 keeps hostile nesting far from the stack's end.
    public var maximumDepth: Int
    /// The most entries `$objects` may have.
    public var maximumObjectCount: Int
    /// Limits for reading the property list itself.
    public var propertyList: PropertyListReadingOptions

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting of values read (default 256).
    ///   - maximumObjectCount: The most `$objects` entries (default 1 << 22).
    ///   - propertyList: Limits for the property-list reader.
    public init(maximumDepth: Int = 256, maximumObjectCount: Int = 1 << 22,
                propertyList: PropertyListReadingOptions = .default) {
        self.maximumDepth = maximumDepth
        self.maximumObjectCount = maximumObjectCount
        self.propertyList = propertyList
    }

    /// The default limits.
    public static let `default` = KeyedUnarchivingOptions()
}
