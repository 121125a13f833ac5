import AutoCoding
import Foundation
import PropertyList

extension KeyedEncoder {
    /// The `$objects` entry of a value that is not shared by identity.
    mutating func content(_ value: Any, _ shape: KeyedShape) throws -> PropertyListValue {
        switch shape {
        case .string:
            return .string(try cast(value, String.self))
        case .int:
            return .integer(PropertyListInteger(Int64(try cast(value, Int.self))))
        case .double:
            return .real(try cast(value, Double.self))
        case .float:
            return .real(Double(try cast(value, Float.self)))
        case .bool:
            return .bool(try cast(value, Bool.self))
        case .integer:
            guard let integer = value as? any FixedWidthInteger, let number = PropertyListInteger(exactly: integer) else {
                throw mismatch(value, shape)
            }
            return .integer(number)
        case .data:
            return .data(try cast(value, Data.self))
        case .date:
            let date = try cast(value, Date.self)
            return .dictionary([KeyedArchiveFormat.classKey: .uid(foundationClass(.date)),
                                KeyedArchiveFormat.timeField: .real(date.timeIntervalSinceReferenceDate)])
        case .url:
            let url = try cast(value, URL.self)
            var base: UInt64 = 0
            if let baseURL = url.baseURL { base = try reference(baseURL, .url) }
            let relative = string(url.baseURL == nil ? url.absoluteString : url.relativeString)
            return .dictionary([KeyedArchiveFormat.classKey: .uid(foundationClass(.url)),
                                KeyedArchiveFormat.baseField: .uid(base), KeyedArchiveFormat.relativeField: .uid(relative)])
        case .uuid:
            let uuid = try cast(value, UUID.self)
            let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
            return .dictionary([KeyedArchiveFormat.classKey: .uid(foundationClass(.uuid)), KeyedArchiveFormat.uuidField: .data(bytes)])
        case .array(let element, let marker):
            return try collection(.array, value, element) { body in try marker.forEach(value, body) }
        case .set(let element, let marker):
            return try collection(.set, value, element) { body in try marker.forEach(value, body) }
        case .dictionary(let element, let marker):
            var keys: [PropertyListValue] = []
            var values: [PropertyListValue] = []
            let isDictionary = try marker.forEach(value) { key, entry in
                keys.append(.uid(string(key)))
                values.append(.uid(try reference(entry, element)))
            }
            guard isDictionary else { throw mismatch(value, shape) }
            return .dictionary([KeyedArchiveFormat.classKey: .uid(foundationClass(.dictionary)),
                                KeyedArchiveFormat.keysField: .array(keys), KeyedArchiveFormat.objectsField: .array(values)])
        case .rawValue(let raw, let marker):
            guard let rawValue = marker.raw(of: value) else { throw mismatch(value, shape) }
            return try content(rawValue, raw)
        case .optional(let wrapped, let marker):
            guard let inner = marker.unwrap(value) else { return .string(KeyedArchiveFormat.null) }
            return try content(inner, wrapped)
        case .value(let info):
            guard let instance = value as? any AutoCodable, ObjectIdentifier(Swift.type(of: instance)) == ObjectIdentifier(info.type)
            else { throw mismatch(value, shape) }
            return try fields(of: instance, info)
        case .object(let info):
            // Only reached through `existential`, which has already given the object its slot.
            guard let instance = value as? any AutoCodable else { throw mismatch(value, shape) }
            return try fields(of: instance, info)
        case .existential:
            let dynamic = try dynamicShape(of: value)
            if case .object = dynamic { throw mismatch(value, shape) }
            return try content(value, dynamic)
        }
    }

    /// An `NSArray` / `NSSet` of the elements `forEach` gives.
    mutating func collection(_ kind: FoundationClass, _ value: Any, _ element: KeyedShape,
                                     _ forEach: ((Any) throws -> Void) throws -> Bool) throws -> PropertyListValue {
        var references: [PropertyListValue] = []
        let matches = try forEach { references.append(.uid(try reference($0, element))) }
        guard matches else { throw KeyedArchiveError(.typeMismatch, "expected a collection, found a \(Swift.type(of: value))") }
        return .dictionary([KeyedArchiveFormat.classKey: .uid(foundationClass(kind)), KeyedArchiveFormat.objectsField: .array(references)])
    }
}
