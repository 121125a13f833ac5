import AutoCoding
import Foundation
import PropertyList

/// How a cache turns its values into the bytes of a disk entry and back, and what a value costs
/// in memory by default.
///
/// Ready-made strategies: ``data`` for raw `Data` and ``autoArchived`` (or
/// ``autoArchived(format:)``) for any `AutoCodable` value; write your own for anything else.
public struct CacheValueCoding<Value>: Sendable {
    /// Encodes a value for its disk entry.
    public let encode: @Sendable (Value) throws -> Data
    /// Decodes a disk entry's bytes; throws when they are not a valid encoding.
    public let decode: @Sendable (Data) throws -> Value
    /// The memory cost of a value when its format gives no cost function of its own.
    public let cost: @Sendable (Value) -> Int

    /// Creates a strategy from its three functions.
    ///
    /// - Parameters:
    ///   - encode: Encodes a value for its disk entry.
    ///   - decode: Decodes a disk entry; must throw (never trap) on bytes it cannot read.
    ///   - cost: A value's default memory cost; by default every value costs 1.
    public init(encode: @escaping @Sendable (Value) throws -> Data,
                decode: @escaping @Sendable (Data) throws -> Value,
                cost: @escaping @Sendable (Value) -> Int = { _ in 1 }) {
        self.encode = encode
        self.decode = decode
        self.cost = cost
    }
}

extension CacheValueCoding where Value == Data {
    /// Raw bytes stored as they are; a value costs its byte count.
    public static var data: CacheValueCoding<Data> {
        CacheValueCoding(encode: { $0 }, decode: { $0 }, cost: { $0.count })
    }
}

extension CacheValueCoding where Value: AutoCodable & Sendable {
    /// `AutoCodable` values archived as binary property lists through `AutoArchiver`; every
    /// value costs 1.
    @inlinable
    public static var autoArchived: CacheValueCoding<Value> { autoArchived(format: .binary) }

    /// `AutoCodable` values archived through `AutoArchiver` in the given property-list format.
    ///
    /// - Parameter format: `.binary` (compact, exact) or `.xml` (readable on disk).
    /// - Returns: The strategy; decoding accepts either format.
    @inlinable  // so the closures are specialized for `Value` where the strategy is created
    public static func autoArchived(format: PropertyListFormat) -> CacheValueCoding<Value> {
        CacheValueCoding(
            encode: { try AutoArchiver.archive($0, format: format) },
            decode: { try AutoArchiver.unarchive(Value.self, from: $0) })
    }
}
