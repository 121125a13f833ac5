import PropertyList

/// Limits applied while reading a keyed archive, so hostile input costs bounded work.
public struct KeyedUnarchivingOptions: Sendable, Hashable {
    /// The deepest nesting of objects inside objects (and collections) that is followed.
    public var maximumDepth: Int
    /// The most entries `$objects` may have.
    public var maximumObjectCount: Int
    /// Limits for reading the property list itself.
    public var propertyList: PropertyListReadingOptions

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting followed (default 512).
    ///   - maximumObjectCount: The most `$objects` entries (default 1 << 22).
    ///   - propertyList: Limits for the property-list reader.
    public init(maximumDepth: Int = 512, maximumObjectCount: Int = 1 << 22,
                propertyList: PropertyListReadingOptions = .default) {
        self.maximumDepth = maximumDepth
        self.maximumObjectCount = maximumObjectCount
        self.propertyList = propertyList
    }

    /// The default limits.
    public static let `default` = KeyedUnarchivingOptions()
}
