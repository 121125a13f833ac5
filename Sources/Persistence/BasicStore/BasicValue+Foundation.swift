import Foundation

extension BasicValue {
    /// Converts a value of one of the supported kinds, given as `Any` the way `UserDefaults`
    /// takes it: `String`, any fixed-width integer that fits in `Int`, `Double`, `Float`, `Bool`,
    /// `Date`, `Data`, `URL`, `NSNumber`, ``BasicValue``, and arrays and `String`-keyed
    /// dictionaries of them (including their Foundation counterparts).
    ///
    /// - Parameter value: The value.
    /// - Throws: ``PersistenceError`` of kind `.unsupportedValue` naming the offending type and
    ///   where it sits (e.g. `value["tags"][2]`), or where arrays and dictionaries nest deeper than
    ///   the store keeps (256 levels) — never a crash.
    public init(any value: Any) throws(PersistenceError) {
        self = try Self.convert(value, path: "value", depth: 0)
    }

    /// The value as Foundation-style `Any`: `String`, `Int`, `Double`, `Bool`, `Date`, `Data`,
    /// `URL`, `[Any]` or `[String: Any]` — what `UserDefaults.object(forKey:)` would return.
    public var anyValue: Any {
        switch self {
        case .string(let value): value
        case .integer(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .date(let value): value
        case .data(let value): value
        case .url(let value): value
        case .array(let elements): elements.map(\.anyValue)
        case .dictionary(let entries): entries.mapValues(\.anyValue)
        }
    }

    private static func convert(_ value: Any, path: String, depth: Int) throws(PersistenceError) -> BasicValue {
        // Exact dynamic types first: on some platforms `as?` bridges numbers across types (an
        // `Int` 1 casts to `Bool`), which would change what is stored.
        let type = Swift.type(of: value)
        if type == String.self, let string = value as? String { return .string(string) }
        if type == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if type == Int.self, let integer = value as? Int { return .integer(integer) }
        if type == Double.self, let double = value as? Double { return .double(double) }
        if type is NSNumber.Type, let number = value as? NSNumber { return try convert(number, path: path) }
        if let basic = value as? BasicValue { return basic }
        if let convertible = value as? any BasicValueConvertible { return convertible.basicValue }
        if let integer = value as? any FixedWidthInteger {
            guard let fitting = Int(exactly: integer) else {
                throw unsupported("\(type) \(integer) does not fit in Int", path: path)
            }
            return .integer(fitting)
        }
        if let float = value as? Float { return .double(Double(float)) }
        if let substring = value as? Substring { return .string(String(substring)) }
        if let string = value as? String { return .string(string) }
        if let date = value as? Date { return .date(date) }
        if let data = value as? Data { return .data(data) }
        if let url = value as? URL { return .url(url) }
        if depth >= BasicByteReader.maximumDepth, value is [String: Any] || value is [Any] {
            throw unsupported("arrays and dictionaries nest deeper than \(BasicByteReader.maximumDepth) levels", path: path)
        }
        if let entries = value as? [String: Any] {
            var result: [String: BasicValue] = [:]
            result.reserveCapacity(entries.count)
            for (key, element) in entries {
                result[key] = try convert(element, path: "\(path)[\(String(reflecting: key))]", depth: depth + 1)
            }
            return .dictionary(result)
        }
        if let elements = value as? [Any] {
            var result: [BasicValue] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                result.append(try convert(element, path: "\(path)[\(index)]", depth: depth + 1))
            }
            return .array(result)
        }
        throw unsupported("a value of type \(type) cannot be stored (supported: String, Int, Double, Bool, Date, "
                          + "Data, URL, arrays and String-keyed dictionaries of them)", path: path)
    }

    /// A number from Foundation (property-list or JSON parsing): Booleans are told apart by their
    /// type encoding `c` or `B` (and values 0 and 1), floating-point numbers by `f`/`d`, unsigned
    /// integers must fit in `Int`.
    private static func convert(_ number: NSNumber, path: String) throws(PersistenceError) -> BasicValue {
        switch String(cString: number.objCType) {
        case "c", "B":
            let integer = number.int64Value
            return integer == 0 || integer == 1 ? .bool(integer == 1) : .integer(Int(truncatingIfNeeded: integer))
        case "f", "d":
            return .double(number.doubleValue)
        case "C", "S", "I", "L", "Q":
            guard let integer = Int(exactly: number.uint64Value) else {
                throw unsupported("NSNumber \(number.uint64Value) does not fit in Int", path: path)
            }
            return .integer(integer)
        default:
            guard let integer = Int(exactly: number.int64Value) else {
                throw unsupported("NSNumber \(number.int64Value) does not fit in Int", path: path)
            }
            return .integer(integer)
        }
    }

    private static func unsupported(_ reason: String, path: String) -> PersistenceError {
        PersistenceError(.unsupportedValue, "\(path): \(reason)")
    }
}
