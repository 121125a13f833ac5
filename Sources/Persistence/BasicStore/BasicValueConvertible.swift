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
