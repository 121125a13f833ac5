import Foundation

/// A value the basic-value store can hold: the `UserDefaults` kinds, nested.
///
/// Every case is storable, so a `BasicValue` can never be rejected for its type; values coming in
/// as `Any` are checked once, by ``init(any:)``, which throws for anything else.
public enum BasicValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A signed integer.
    case integer(Int)
    /// A double-precision number; NaN and the infinities are kept bit for bit.
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// A point in time, kept to the precision of `Date.timeIntervalSinceReferenceDate`.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// A URL, kept as its absolute string.
    case url(URL)
    /// An ordered list of values.
    case array([BasicValue])
    /// String-keyed values.
    case dictionary([String: BasicValue])
}

extension BasicValue {
    /// The string, when this is ``string(_:)``.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this is ``integer(_:)``, or a ``double(_:)`` holding a whole number that
    /// fits in `Int` (as `UserDefaults.integer(forKey:)` reads numbers).
    public var integerValue: Int? {
        switch self {
        case .integer(let value): return value
        case .double(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// The number, when this is ``double(_:)`` or ``integer(_:)``.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// The Boolean, when this is ``bool(_:)``.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The date, when this is ``date(_:)``.
    public var dateValue: Date? {
        if case .date(let value) = self { return value }
        return nil
    }

    /// The bytes, when this is ``data(_:)``.
    public var dataValue: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// The URL, when this is ``url(_:)``.
    public var urlValue: URL? {
        if case .url(let value) = self { return value }
        return nil
    }

    /// The elements, when this is ``array(_:)``.
    public var arrayValue: [BasicValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The entries, when this is ``dictionary(_:)``.
    public var dictionaryValue: [String: BasicValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The name of the case, for error messages: `"string"`, `"integer"`, ….
    public var kindName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .double: "double"
        case .bool: "bool"
        case .date: "date"
        case .data: "data"
        case .url: "url"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }
}
