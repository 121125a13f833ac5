import Foundation

/// One node of a property list: the value model shared by the binary and XML codecs.
///
/// The model covers every type a property list can hold. Reals and dates compare by bit pattern,
/// so `-0.0` differs from `0.0` and a NaN equals the same NaN: equality means "round-trips to the
/// same bytes", which is what archives need. Dictionaries compare without regard to key order.
public enum PropertyListValue: Sendable {
    /// A dictionary with string keys; insertion order is kept for writing.
    case dictionary(PropertyListDictionary)
    /// An ordered list of values.
    case array([PropertyListValue])
    /// A Unicode string (may contain NUL).
    case string(String)
    /// An integer in `Int64.min ... UInt64.max`.
    case integer(PropertyListInteger)
    /// A 64-bit floating-point number.
    case real(Double)
    /// A 32-bit floating-point number, as binary property lists can store it.
    ///
    /// XML has no width, so XML readers always produce ``real(_:)``.
    case real32(Float)
    /// A Boolean.
    case bool(Bool)
    /// An absolute point in time.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// A keyed-archive object reference (`CF$UID`), an index into `$objects`.
    case uid(UInt64)
}

extension PropertyListValue {
    /// The name of this value's type, as the canonical JSON and error messages spell it.
    public var typeName: String {
        switch self {
        case .dictionary: return "dict"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "int"
        case .real, .real32: return "real"
        case .bool: return "bool"
        case .date: return "date"
        case .data: return "data"
        case .uid: return "uid"
        }
    }

    /// The dictionary, if this value is one.
    public var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The array, if this value is one.
    public var arrayValue: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The string, if this value is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this value is one.
    public var integerValue: PropertyListInteger? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The real (of either width) widened to `Double`, if this value is one.
    public var doubleValue: Double? {
        switch self {
        case .real(let value): return value
        case .real32(let value): return Double(value)
        default: return nil
        }
    }

    /// The Boolean, if this value is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The date, if this value is one.
    public var dateValue: Date? {
        if case .date(let value) = self { return value }
        return nil
    }

    /// The bytes, if this value is data.
    public var dataValue: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// The object index, if this value is a keyed-archive UID.
    public var uidValue: UInt64? {
        if case .uid(let value) = self { return value }
        return nil
    }

    /// The value stored under `key`, if this value is a dictionary that has it.
    public subscript(key: String) -> PropertyListValue? {
        dictionaryValue?[key]
    }

    /// The element at `index`, if this value is an array long enough to have it.
    public subscript(index: Int) -> PropertyListValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
