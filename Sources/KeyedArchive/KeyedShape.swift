import AutoCoding
import Foundation

/// How values of one declared Swift type are written to and read from a keyed archive.
///
/// Worked out once per type from its static type (see ``KeyedTypeCache``), so archiving walks
/// values without asking the runtime what each one is.
indirect enum KeyedShape: @unchecked Sendable {
    // @unchecked: metatypes and immutable type infos only.
    case string, bool, int, double, float, date, data, url, uuid
    /// Any other fixed-width integer type.
    case integer(any FixedWidthInteger.Type)
    case optional(KeyedShape, any KeyedOptionalMarker.Type)
    case array(KeyedShape, any KeyedArrayMarker.Type)
    case set(KeyedShape, any KeyedSetMarker.Type)
    /// A dictionary with `String` keys (an `NSDictionary` of `NSString` keys).
    case dictionary(KeyedShape, any KeyedDictionaryMarker.Type)
    case rawValue(KeyedShape, any KeyedRawValueMarker.Type)
    /// An `AutoCodable` class: archived once per instance, shared by UID.
    case object(KeyedTypeInfo)
    /// An `AutoCodable` struct or enum: archived at each occurrence.
    case value(KeyedTypeInfo)
    /// `Any` or `any P`: the value's own type decides.
    case existential(Any.Type)

    var isFloat: Bool {
        if case .float = self { return true }
        return false
    }

    /// Whether a field of this shape is written inline in its object (as `encode(_:forKey:)`
    /// writes integers, reals and Booleans) rather than as a UID.
    var isInlineScalar: Bool {
        switch self {
        case .bool, .int, .double, .float, .integer: return true
        case .rawValue(let raw, _): return raw.isInlineScalar
        default: return false
        }
    }
}

/// The type-erased face of `Optional` for shapes.
protocol KeyedOptionalMarker {
    static var wrappedType: Any.Type { get }
    /// `nil` of this optional type, boxed.
    static var absent: Any { get }
    /// The wrapped value of a boxed optional of this type, or `nil` when it is `nil`.
    static func unwrap(_ value: Any) -> Any?
}

extension Optional: KeyedOptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
    static var absent: Any {
        let empty: Wrapped? = nil
        return empty as Any
    }
    static func unwrap(_ value: Any) -> Any? {
        guard let outer = value as? Wrapped?, let inner = outer else { return nil }
        return inner
    }
}

/// The type-erased face of `Array` for shapes.
protocol KeyedArrayMarker {
    static var elementType: Any.Type { get }
    /// Calls `body` with each element of a boxed array of this type; `false` when it is not one.
    static func forEach(_ value: Any, _ body: (Any) throws -> Void) rethrows -> Bool
    /// An array of this type from `count` elements, or `nil` when one is not an `Element`.
    static func build(count: Int, _ element: (Int) throws -> Any) throws -> Any?
}

extension Array: KeyedArrayMarker {
    static var elementType: Any.Type { Element.self }
    static func forEach(_ value: Any, _ body: (Any) throws -> Void) rethrows -> Bool {
        guard let array = value as? [Element] else { return false }
        for element in array { try body(element) }
        return true
    }
    static func build(count: Int, _ element: (Int) throws -> Any) throws -> Any? {
        var result: [Element] = []
        result.reserveCapacity(count)
        for position in 0..<count {
            guard let typed = try element(position) as? Element else { return nil }
            result.append(typed)
        }
        return result
    }
}

/// The type-erased face of `Set` for shapes.
protocol KeyedSetMarker {
    static var elementType: Any.Type { get }
    static func forEach(_ value: Any, _ body: (Any) throws -> Void) rethrows -> Bool
    static func build(count: Int, _ element: (Int) throws -> Any) throws -> Any?
}

extension Set: KeyedSetMarker {
    static var elementType: Any.Type { Element.self }
    static func forEach(_ value: Any, _ body: (Any) throws -> Void) rethrows -> Bool {
        guard let set = value as? Set<Element> else { return false }
        for element in set { try body(element) }
        return true
    }
    static func build(count: Int, _ element: (Int) throws -> Any) throws -> Any? {
        var result = Set<Element>(minimumCapacity: count)
        for position in 0..<count {
            guard let typed = try element(position) as? Element else { return nil }
            result.insert(typed)
        }
        return result
    }
}

/// The type-erased face of `Dictionary` for shapes.
protocol KeyedDictionaryMarker {
    static var keyType: Any.Type { get }
    static var valueType: Any.Type { get }
    /// Calls `body` with each entry of a boxed dictionary of this type, keys sorted so archives
    /// are deterministic; `false` when it is not one or its keys are not strings.
    static func forEach(_ value: Any, _ body: (String, Any) throws -> Void) rethrows -> Bool
    static func build(count: Int, _ entry: (Int) throws -> (String, Any)) throws -> Any?
}

extension Dictionary: KeyedDictionaryMarker {
    static var keyType: Any.Type { Key.self }
    static var valueType: Any.Type { Value.self }
    static func forEach(_ value: Any, _ body: (String, Any) throws -> Void) rethrows -> Bool {
        guard let dictionary = value as? [String: Value] else { return false }
        for key in dictionary.keys.sorted() {
            if let element = dictionary[key] { try body(key, element) }
        }
        return true
    }
    static func build(count: Int, _ entry: (Int) throws -> (String, Any)) throws -> Any? {
        var result: [Key: Value] = [:]
        result.reserveCapacity(count)
        for position in 0..<count {
            let (key, value) = try entry(position)
            guard let typedKey = key as? Key, let typedValue = value as? Value else { return nil }
            result[typedKey] = typedValue
        }
        return result
    }
}

/// The type-erased face of a `RawRepresentable` enum for shapes.
protocol KeyedRawValueMarker {
    static var rawType: Any.Type { get }
    static func raw(of value: Any) -> Any?
    static func make(raw: Any) -> Any?
}

/// Gives any `RawRepresentable` type the marker through a generic box (conformance cannot be
/// added to a protocol's existential).
enum RawValueBox<R: RawRepresentable>: KeyedRawValueMarker {
    static var rawType: Any.Type { R.RawValue.self }
    static func raw(of value: Any) -> Any? { (value as? R)?.rawValue }
    static func make(raw: Any) -> Any? { (raw as? R.RawValue).flatMap(R.init(rawValue:)) }
}
