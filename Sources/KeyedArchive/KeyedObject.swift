/// An object of a class that is not one of Foundation's value classes, as archived.
///
/// Its fields are the keys its `encode(with:)` wrote, in archived order, `$class` excepted.
public struct KeyedObject: Sendable, Hashable {
    /// The index of the object in the archive's `$objects`.
    public var index: Int
    /// `$classname` of its class description.
    public var className: String
    /// `$classes` of its class description: the class and its superclasses.
    public var classes: [String]
    /// The archived keys with their values.
    public var fields: [(key: String, value: KeyedValue)]

    /// Creates an object.
    ///
    /// - Parameters:
    ///   - index: The index in `$objects`.
    ///   - className: The class name.
    ///   - classes: The class and its superclasses.
    ///   - fields: The archived keys with their values.
    public init(index: Int, className: String, classes: [String], fields: [(key: String, value: KeyedValue)]) {
        self.index = index
        self.className = className
        self.classes = classes
        self.fields = fields
    }

    /// The value archived under `key`, or `nil`.
    ///
    /// - Parameter key: A field key.
    /// - Returns: Its value.
    public subscript(key: String) -> KeyedValue? {
        fields.first { $0.key == key }?.value
    }

    /// Objects are equal when their index, class description and fields are.
    public static func == (lhs: KeyedObject, rhs: KeyedObject) -> Bool {
        lhs.index == rhs.index && lhs.className == rhs.className && lhs.classes == rhs.classes
            && lhs.fields.elementsEqual(rhs.fields) { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the index and class name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(className)
    }
}
