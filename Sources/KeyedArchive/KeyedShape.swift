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
