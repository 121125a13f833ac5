extension BasicValueStore {
    /// A typed key: a name, the type of the value stored under it, and the value to read when
    /// nothing (or a value of another type) is stored.
    ///
    /// Declare keys once, as static members, and read and write through them without naming types
    /// or defaults again:
    ///
    /// ```swift
    /// extension BasicValueStore.Key where Value == Int {
    ///     static let launches = Self("launches", default: 0)
    /// }
    /// extension BasicValueStore.Key where Value == String? {
    ///     static let userName = Self("userName")   // default nil
    /// }
    ///
    /// store[.launches] += 1
    /// try store.set("Ada", forKey: .userName)
    /// ```
    ///
    /// `Value` is a ``BasicValueConvertible`` type (`String`, `Int`, `Double`, `Bool`, `Date`,
    /// `Data`, `URL`, ``BasicValue``, arrays and string-keyed dictionaries of them), an optional of
    /// one (storing `nil` removes the key), or a `RawRepresentable` type whose raw value is one
    /// (enums; stored as the raw value).
    public struct Key<Value: Sendable>: Sendable, CustomStringConvertible {
        /// The key as given; the store compares keys after Unicode normalization (NFC).
        public let name: String
        /// What a read gives when nothing is stored under the key, or a value of another type.
        public let defaultValue: Value
        /// ``name`` normalized, as the store and its change streams know it.
        let storageName: String
        /// The value as stored; `nil` removes the key.
        let encode: @Sendable (Value) -> BasicValue?
        /// The value read back; `nil` when the stored value is of another type.
        let decode: @Sendable (BasicValue) -> Value?

        private init(name: String, defaultValue: Value, encode: @escaping @Sendable (Value) -> BasicValue?,
                     decode: @escaping @Sendable (BasicValue) -> Value?) {
            self.name = name
            self.defaultValue = defaultValue
            self.storageName = KeyFileName.normalized(name)
            self.encode = encode
            self.decode = decode
        }

        /// A key for a value of a ``BasicValueConvertible`` type.
        ///
        /// - Parameters:
        ///   - name: Any string.
        ///   - defaultValue: What reads give when nothing, or a value of another type, is stored.
        public init(_ name: String, default defaultValue: Value) where Value: BasicValueConvertible {
            self.init(name: name, defaultValue: defaultValue, encode: { $0.basicValue }, decode: { Value.fromBasicValue($0) })
        }

        /// A key for an optional value: storing `nil` removes the key.
        ///
        /// - Parameters:
        ///   - name: Any string.
        ///   - defaultValue: What reads give when nothing, or a value of another type, is
        ///     stored; `nil` unless given.
        public init<Wrapped: BasicValueConvertible>(_ name: String, default defaultValue: Wrapped? = nil)
        where Value == Wrapped? {
            self.init(name: name, defaultValue: defaultValue, encode: { $0?.basicValue },
                      decode: { stored in Wrapped.fromBasicValue(stored).map { .some($0) } })
        }

        /// A key for a `RawRepresentable` value, such as an enum, stored as its raw value.
        ///
        /// A stored raw value that names no case reads as `defaultValue`, like a value of another type.
        ///
        /// - Parameters:
        ///   - name: Any string.
        ///   - defaultValue: What reads give when nothing, or no valid raw value, is stored.
        public init(_ name: String, default defaultValue: Value)
        where Value: RawRepresentable, Value.RawValue: BasicValueConvertible {
            self.init(name: name, defaultValue: defaultValue, encode: { $0.rawValue.basicValue },
                      decode: { stored in Value.RawValue.fromBasicValue(stored).flatMap { Value(rawValue: $0) } })
        }

        /// `Key("name", default: value)`.
        public var description: String {
            "Key(\(String(reflecting: name)), default: \(String(describing: defaultValue)))"
        }
    }
}
