import Foundation

extension BasicValueStore {
    /// Stores a Swift value of a supported type under `key`.
    ///
    /// - Parameters:
    ///   - value: A `String`, `Int`, `Double`, `Bool`, `Date`, `Data`, `URL`, or an array or
    ///     `String`-keyed dictionary of them; other types do not compile.
    ///   - key: Any string.
    /// - Throws: ``PersistenceError`` as ``set(_:forKey:)-(BasicValue,_)``.
    public func set<Value: BasicValueConvertible>(_ value: Value, forKey key: String) throws(PersistenceError) {
        try set(value.basicValue, forKey: key)
    }

    /// Stores a value given as `Any`, as `UserDefaults.set(_:forKey:)` does; `nil` removes the key.
    ///
    /// - Parameters:
    ///   - value: A supported value (see ``BasicValue/init(any:)``) or `nil`.
    ///   - key: Any string.
    /// - Throws: ``PersistenceError`` with the key: `.unsupportedValue` naming the offending type
    ///   and its place in the value (nothing is written), or a write failure.
    public func set(any value: Any?, forKey key: String) throws(PersistenceError) {
        guard let value else { return try removeValue(forKey: key) }
        do {
            try set(BasicValue(any: value), forKey: key)
        } catch where error.kind == .unsupportedValue && error.key == nil {
            var keyed = error
            keyed.key = key
            keyed.path = fileURL.path
            keyed.message = "cannot set key \"\(key)\": \(error.message)"
            throw keyed
        }
    }

    /// The value under `key` as a Swift type, strictly: a stored value of another kind is an error,
    /// not `nil` (`Int` accepts whole doubles and `Double` accepts integers).
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - key: Any string.
    /// - Returns: The value, or `nil` when nothing is stored under `key`.
    /// - Throws: ``PersistenceError`` of kind `.typeMismatch` naming the key, the expected type and
    ///   the stored kind.
    public func value<Value: BasicValueConvertible>(_ type: Value.Type, forKey key: String) throws(PersistenceError) -> Value? {
        guard let stored = value(forKey: key) else { return nil }
        guard let converted = Value.fromBasicValue(stored) else {
            throw PersistenceError(.typeMismatch, "key \"\(key)\" holds a \(stored.kindName), not \(Value.self)",
                                   key: key, path: fileURL.path)
        }
        return converted
    }

    /// The value under `key` as Foundation-style `Any` (see ``BasicValue/anyValue``).
    ///
    /// - Parameter key: Any string.
    /// - Returns: The value, or `nil`.
    public func object(forKey key: String) -> Any? {
        value(forKey: key)?.anyValue
    }

    /// The string under `key`.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The string, or `nil` when there is none or the value is of another kind.
    public func string(forKey key: String) -> String? {
        value(forKey: key)?.stringValue
    }

    /// The integer under `key`, read as `UserDefaults.integer(forKey:)` reads it: doubles are
    /// truncated, `true` is 1, numeric strings are parsed.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The integer, or 0 when there is none or it is not a number.
    public func integer(forKey key: String) -> Int {
        switch value(forKey: key) {
        case .integer(let value): value
        case .double(let value): Int(exactly: value.rounded(.towardZero)) ?? 0
        case .bool(let value): value ? 1 : 0
        case .string(let value): Int(value.trimmingCharacters(in: .whitespaces)) ?? 0
        default: 0
        }
    }

    /// The number under `key`, read as `UserDefaults.double(forKey:)` reads it.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The number, or 0 when there is none or it is not a number.
    public func double(forKey key: String) -> Double {
        switch value(forKey: key) {
        case .double(let value): value
        case .integer(let value): Double(value)
        case .bool(let value): value ? 1 : 0
        case .string(let value): Double(value.trimmingCharacters(in: .whitespaces)) ?? 0
        default: 0
        }
    }

    /// The Boolean under `key`, read as `UserDefaults.bool(forKey:)` reads it: non-zero numbers
    /// and the strings `true`, `yes` and `1` (any case) are `true`.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The Boolean, or `false` when there is none.
    public func bool(forKey key: String) -> Bool {
        switch value(forKey: key) {
        case .bool(let value): value
        case .integer(let value): value != 0
        case .double(let value): value != 0
        case .string(let value): ["true", "yes", "1"].contains(value.lowercased())
        default: false
        }
    }

    /// The date under `key`.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The date, or `nil`.
    public func date(forKey key: String) -> Date? {
        value(forKey: key)?.dateValue
    }

    /// The bytes under `key`.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The data, or `nil`.
    public func data(forKey key: String) -> Data? {
        value(forKey: key)?.dataValue
    }

    /// The URL under `key`.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The URL, or `nil`.
    public func url(forKey key: String) -> URL? {
        value(forKey: key)?.urlValue
    }

    /// The array under `key`.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The elements, or `nil`.
    public func array(forKey key: String) -> [BasicValue]? {
        value(forKey: key)?.arrayValue
    }

    /// The array of strings under `key`.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The strings, or `nil` when there is none or an element is not a string.
    public func stringArray(forKey key: String) -> [String]? {
        value(forKey: key).flatMap([String].fromBasicValue)
    }

    /// The dictionary under `key`.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The entries, or `nil`.
    public func dictionary(forKey key: String) -> [String: BasicValue]? {
        value(forKey: key)?.dictionaryValue
    }
}
