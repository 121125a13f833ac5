import Foundation

extension PropertyListValue {
    /// Converts a Foundation property-list object (as `PropertyListSerialization` produces and
    /// accepts) into a value, or returns `nil` when it holds something a property list cannot.
    ///
    /// Accepts `String`, `NSNumber` and Swift numbers, `Bool`, `Date`, `Data`, arrays and
    /// string-keyed dictionaries of those. `NSNumber` booleans become ``bool(_:)``, floating-point
    /// numbers ``real(_:)`` (or ``real32(_:)`` for `Float`), other numbers ``integer(_:)``.
    /// Dictionary keys are taken in the dictionary's iteration order.
    ///
    /// - Parameter object: A Foundation property-list object.
    public init?(foundationObject object: Any) {
        switch object {
        case let value as String:
            self = .string(value)
        // Swift scalars first, by exact dynamic type: `as?` would also bridge an NSNumber 1 to
        // `true` or a Bool to an integer.
        case let value as Bool where type(of: object) == Bool.self:
            self = .bool(value)
        case let value as Int where type(of: object) == Int.self:
            self = .integer(PropertyListInteger(Int64(value)))
        case let value as Int64 where type(of: object) == Int64.self:
            self = .integer(PropertyListInteger(value))
        case let value as UInt64 where type(of: object) == UInt64.self:
            self = .integer(PropertyListInteger(value))
        case let value as Double where type(of: object) == Double.self:
            self = .real(value)
        case let value as Float where type(of: object) == Float.self:
            self = .real32(value)
        case let value as NSNumber:
            self = Self.convert(number: value)
        case let value as Date:
            self = .date(value)
        case let value as Data:
            self = .data(value)
        case let value as [Any]:
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(value.count)
            for element in value {
                guard let converted = PropertyListValue(foundationObject: element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        case let value as [String: Any]:
            var dictionary = PropertyListDictionary(minimumCapacity: value.count)
            for (key, element) in value {
                guard let converted = PropertyListValue(foundationObject: element) else { return nil }
                dictionary.updateValue(converted, forKey: key)
            }
            self = .dictionary(dictionary)
        default:
            return nil
        }
    }

    /// This value as a Foundation property-list object, for `PropertyListSerialization` or
    /// `NSKeyedUnarchiver` interoperation.
    ///
    /// Integers become `NSNumber` (of `UInt64` above `Int64.max`), UIDs become dictionaries
    /// `{"CF$UID": n}` as Foundation spells them in XML.
    public var foundationObject: Any {
        switch self {
        case .dictionary(let value):
            var result: [String: Any] = Dictionary(minimumCapacity: value.count)
            for (key, element) in value { result[key] = element.foundationObject }
            return result
        case .array(let value):
            return value.map(\.foundationObject)
        case .string(let value):
            return value
        case .integer(let value):
            if let signed = value.int64Value { return NSNumber(value: signed) }
            return NSNumber(value: value.uint64Value ?? 0)
        case .real(let value):
            return NSNumber(value: value)
        case .real32(let value):
            return NSNumber(value: value)
        case .bool(let value):
            return NSNumber(value: value)
        case .date(let value):
            return value
        case .data(let value):
            return value
        case .uid(let value):
            return ["CF$UID": NSNumber(value: value)] as [String: Any]
        }
    }

    private static func convert(number: NSNumber) -> PropertyListValue {
        // Boolean NSNumbers are the shared `__NSCFBoolean` instances on every platform.
        if String(describing: type(of: number)) == "__NSCFBoolean" { return .bool(number.boolValue) }
        let type = String(cString: number.objCType)
        switch type {
        case "f":
            return .real32(number.floatValue)
        case "d":
            return .real(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            return .integer(PropertyListInteger(number.uint64Value))
        default:
            return .integer(PropertyListInteger(number.int64Value))
        }
    }
}
