import Foundation

// The scalar kinds: each converts to its own BasicValue case.

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
