import Foundation

/// A Swift type that converts to and from a ``BasicValue``: the store's typed `set` and `value(_:forKey:)`
/// accept exactly these, so an unsupported type is a compile-time error on that path.
///
/// Conforming types: `String`, `Int`, `Double`, `Bool`, `Date`, `Data`, `URL`, ``BasicValue`` itself,
/// and arrays and string-keyed dictionaries of conforming types.
public protocol BasicValueConvertible: Sendable {
    /// The value as the store keeps it.
    var basicValue: BasicValue { get }

    /// Reads the type back from a stored value.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The value, or `nil` when `basicValue` holds another kind.
    static func fromBasicValue(_ basicValue: BasicValue) -> Self?
}

extension BasicValue: BasicValueConvertible {
    /// The value itself.
    public var basicValue: BasicValue { self }

    /// Returns `basicValue` unchanged.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The same value.
    public static func fromBasicValue(_ basicValue: BasicValue) -> BasicValue? { basicValue }
}

extension String: BasicValueConvertible {
    /// ``BasicValue/string(_:)``.
    public var basicValue: BasicValue { .string(self) }

    /// The string, when `basicValue` is one.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The string or `nil`.
    public static func fromBasicValue(_ basicValue: BasicValue) -> String? { basicValue.stringValue }
}

extension Int: BasicValueConvertible {
    /// ``BasicValue/integer(_:)``.
    public var basicValue: BasicValue { .integer(self) }

    /// The integer, when `basicValue` is an integer or a whole double in range.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The integer or `nil`.
    public static func fromBasicValue(_ basicValue: BasicValue) -> Int? { basicValue.integerValue }
}

extension Double: BasicValueConvertible {
    /// ``BasicValue/double(_:)``.
    public var basicValue: BasicValue { .double(self) }

    /// The number, when `basicValue` is a double or an integer.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The number or `nil`.
    public static func fromBasicValue(_ basicValue: BasicValue) -> Double? { basicValue.doubleValue }
}

extension Bool: BasicValueConvertible {
    /// ``BasicValue/bool(_:)``.
    public var basicValue: BasicValue { .bool(self) }

    /// The Boolean, when `basicValue` is one.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The Boolean or `nil`.
    public static func fromBasicValue(_ basicValue: BasicValue) -> Bool? { basicValue.boolValue }
}

extension Date: BasicValueConvertible {
    /// ``BasicValue/date(_:)``.
    public var basicValue: BasicValue { .date(self) }

    /// The date, when `basicValue` is one.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The date or `nil`.
    public static func fromBasicValue(_ basicValue: BasicValue) -> Date? { basicValue.dateValue }
}

extension Data: BasicValueConvertible {
    /// ``BasicValue/data(_:)``.
    public var basicValue: BasicValue { .data(self) }

    /// The bytes, when `basicValue` is data.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The bytes or `nil`.
    public static func fromBasicValue(_ basicValue: BasicValue) -> Data? { basicValue.dataValue }
}

extension URL: BasicValueConvertible {
    /// ``BasicValue/url(_:)``.
    public var basicValue: BasicValue { .url(self) }

    /// The URL, when `basicValue` is one.
    ///
    /// - Parameter basicValue: The stored value.
    /// - Returns: The URL or `nil`.
    public static func fromBasicValue(_ basicValue: BasicValue) -> URL? { basicValue.urlValue }
}

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
