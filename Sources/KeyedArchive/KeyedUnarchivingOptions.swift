import PropertyList

/// Limits applied while reading a keyed archive, so hostile input costs bounded work.
public struct KeyedUnarchivingOptions: Sendable, Hashable {
    /// The deepest nesting read: collections, structs and objects inside each other, a linked list
    /// of objects nesting one level per object.
    ///
    /// Nesting never exhausts the stack (deep work moves to a thread with a fresh stack); the limit
    /// bounds the memory it takes. The default, `PropertyListReadingOptions/defaultMaximumDepth`,
    /// is the depth `KeyedArchiver` writes, so whatever it writes is read with default options.
    public var maximumDepth: Int
    /// The most entries `$objects` may have.
    public var maximumObjectCount: Int
    /// Limits for reading the property list itself.
    public var propertyList: PropertyListReadingOptions

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting read (default `PropertyListReadingOptions/defaultMaximumDepth`).
    ///   - maximumObjectCount: The most `$objects` entries (default 1 << 22).
    ///   - propertyList: Limits for the property-list reader.
    public init(maximumDepth: Int = PropertyListReadingOptions.defaultMaximumDepth, maximumObjectCount: Int = 1 << 22,
                propertyList: PropertyListReadingOptions = .default) {
        self.maximumDepth = maximumDepth
        self.maximumObjectCount = maximumObjectCount
        self.propertyList = propertyList
    }

    /// The default limits.
    public static let `default` = KeyedUnarchivingOptions()
}
