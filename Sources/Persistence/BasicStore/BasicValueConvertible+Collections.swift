// Arrays and String-keyed dictionaries of convertible values.

extension Array: BasicValueConvertible where Element: BasicValueConvertible {
    /// ``BasicValue/array(_:)`` of the elements' values.
    public var basicValue: BasicValue { .array(map(\.basicValue)) }

    /// The elements, when `basicValue` is an array whose every element converts.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The array or `nil`.
    public static func fromBasicValue(_ basicValue: BasicValue) -> [Element]? {
        guard let elements = basicValue.arrayValue else { return nil }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let converted = Element.fromBasicValue(element) else { return nil }
            result.append(converted)
        }
        return result
    }
}

extension Dictionary: BasicValueConvertible where Key == String, Value: BasicValueConvertible {
    /// ``BasicValue/dictionary(_:)`` of the entries' values.
    public var basicValue: BasicValue { .dictionary(mapValues(\.basicValue)) }

    /// The entries, when `basicValue` is a dictionary whose every value converts.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The dictionary or `nil`.
    public static func fromBasicValue(_ basicValue: BasicValue) -> [String: Value]? {
        guard let entries = basicValue.dictionaryValue else { return nil }
        var result: [String: Value] = [:]
        result.reserveCapacity(entries.count)
        for (key, value) in entries {
            guard let converted = Value.fromBasicValue(value) else { return nil }
            result[key] = converted
        }
        return result
    }
}
