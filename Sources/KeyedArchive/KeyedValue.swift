import Foundation
import PropertyList

/// A value read from a keyed archive without a Swift type to decode it into.
///
/// Foundation's value classes become cases (`NSString` and `NSMutableString` become
/// ``string(_:)``, `NSNumber` one of ``integer(_:)``, ``real(_:)`` or ``bool(_:)``, and so on);
/// any other class becomes ``object(_:)``, an index into ``KeyedArchiveGraph/objects`` so that
/// shared objects and cycles stay shared and cyclic.
public indirect enum KeyedValue: Sendable, Hashable {
    /// `NSNull`, or `$null` (UID 0, a `nil` object).
    case null
    /// `NSString` / `NSMutableString`.
    case string(String)
    /// An integer `NSNumber` (or an integer stored inline with `encode(_:forKey:)`).
    case integer(PropertyListInteger)
    /// A floating-point `NSNumber`.
    case real(Double)
    /// A Boolean `NSNumber`.
    case bool(Bool)
    /// `NSDate`.
    case date(Date)
    /// `NSData` / `NSMutableData`.
    case data(Data)
    /// `NSURL`.
    case url(URL)
    /// `NSUUID`.
    case uuid(UUID)
    /// `NSArray` / `NSMutableArray`.
    case array([KeyedValue])
    /// `NSSet` / `NSMutableSet`, in archived order.
    case set([KeyedValue])
    /// `NSDictionary` / `NSMutableDictionary`, in archived order.
    case dictionary([KeyedDictionaryEntry])
    /// An object of any other class: the index of its ``KeyedObject`` in ``KeyedArchiveGraph/objects``.
    case object(Int)
}
