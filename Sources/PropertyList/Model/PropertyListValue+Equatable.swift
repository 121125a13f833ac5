import Foundation

extension PropertyListValue: Hashable {
    /// Structural equality: strings by Unicode scalars (not canonical equivalence), reals and dates
    /// by bit pattern, dictionaries regardless of key order.
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case (.dictionary(let l), .dictionary(let r)): return l == r
        case (.array(let l), .array(let r)): return l == r
        case (.string(let l), .string(let r)): return PropertyListKey.same(l, r)
        case (.integer(let l), .integer(let r)): return l == r
        case (.real(let l), .real(let r)): return l.bitPattern == r.bitPattern
        case (.real32(let l), .real32(let r)): return l.bitPattern == r.bitPattern
        case (.bool(let l), .bool(let r)): return l == r
        case (.date(let l), .date(let r)):
            return l.timeIntervalSinceReferenceDate.bitPattern == r.timeIntervalSinceReferenceDate.bitPattern
        case (.data(let l), .data(let r)): return l == r
        case (.uid(let l), .uid(let r)): return l == r
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .dictionary(let value):
            hasher.combine(0 as UInt8)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .string(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .integer(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value)
        case .real(let value):
            hasher.combine(4 as UInt8)
            hasher.combine(value.bitPattern)
        case .real32(let value):
            hasher.combine(5 as UInt8)
            hasher.combine(value.bitPattern)
        case .bool(let value):
            hasher.combine(6 as UInt8)
            hasher.combine(value)
        case .date(let value):
            hasher.combine(7 as UInt8)
            hasher.combine(value.timeIntervalSinceReferenceDate.bitPattern)
        case .data(let value):
            hasher.combine(8 as UInt8)
            hasher.combine(value)
        case .uid(let value):
            hasher.combine(9 as UInt8)
            hasher.combine(value)
        }
    }
}
