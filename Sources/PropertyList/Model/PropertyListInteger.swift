/// A property-list integer: any value in `Int64.min ... UInt64.max`.
///
/// Binary property lists store integers up to `Int64.max` in 1, 2, 4 or 8 bytes and larger
/// unsigned values in 16 bytes (as Python's `plistlib` and CoreFoundation write them). This type
/// holds the whole range without loss and converts to any fixed-width integer only when the value
/// fits exactly.
public struct PropertyListInteger: Sendable, Hashable, Comparable {
    /// The two's-complement bits when `isNegative` or the value is at most `Int64.max`;
    /// otherwise the unsigned magnitude.
    @usableFromInline let bits: UInt64
    /// Whether the value is below zero. Values above `Int64.max` are positive with the top bit set.
    @usableFromInline let isNegative: Bool

    /// Creates an integer from a signed 64-bit value.
    @inlinable
    public init(_ value: Int64) {
        bits = UInt64(bitPattern: value)
        isNegative = value < 0
    }

    /// Creates an integer from an unsigned 64-bit value.
    @inlinable
    public init(_ value: UInt64) {
        bits = value
        isNegative = false
    }

    /// Creates an integer from any binary integer, or returns `nil` when it lies outside
    /// `Int64.min ... UInt64.max`.
    @inlinable
    public init?<T: BinaryInteger>(exactly value: T) {
        if value < 0 {
            guard let signed = Int64(exactly: value) else { return nil }
            self.init(signed)
        } else {
            guard let unsigned = UInt64(exactly: value) else { return nil }
            self.init(unsigned)
        }
    }

    /// The value as `Int64`, or `nil` when it is above `Int64.max`.
    @inlinable
    public var int64Value: Int64? {
        if isNegative || bits <= UInt64(Int64.max) { return Int64(bitPattern: bits) }
        return nil
    }

    /// The value as `UInt64`, or `nil` when it is negative.
    @inlinable
    public var uint64Value: UInt64? {
        isNegative ? nil : bits
    }

    /// The value converted to `T`, or `nil` when it does not fit `T` exactly.
    @inlinable
    public func exactly<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T? {
        isNegative ? T(exactly: Int64(bitPattern: bits)) : T(exactly: bits)
    }

    public static func < (lhs: PropertyListInteger, rhs: PropertyListInteger) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        if lhs.isNegative { return Int64(bitPattern: lhs.bits) < Int64(bitPattern: rhs.bits) }
        return lhs.bits < rhs.bits
    }
}

extension PropertyListInteger: CustomStringConvertible {
    /// The decimal spelling, e.g. `-12` or `18446744073709551615`.
    public var description: String {
        isNegative ? String(Int64(bitPattern: bits)) : String(bits)
    }
}

extension PropertyListInteger: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) {
        self.init(value)
    }
}
