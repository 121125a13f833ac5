import Foundation
import PropertyList

/// `NSCoding` with no per-property code: an `NSObject` subclass that adopts `AutoCodable` writes and
/// reads its stored properties from inside its own `encode(with:)` and `init?(coder:)`, as the
/// Objective-C `autoEncodeWithCoder:` / `autoDecode:` did.
///
/// ```swift
/// final class Note: NSObject, NSSecureCoding, AutoCodable {
///     static var supportsSecureCoding: Bool { true }
///     var title = ""
///     var pinned = false
///     var tags: [String] = []
///
///     override init() { super.init() }
///
///     func encode(with coder: NSCoder) {
///         try? autoEncode(with: coder)
///     }
///
///     init?(coder: NSCoder) {
///         super.init()
///         do { try autoDecode(from: coder) } catch { return nil }
///     }
/// }
/// ```
///
/// The properties are the ones ``AutoArchiver/properties(of:)`` lists, under their archive keys,
/// stored as ``KeyedArchiver`` stores the same object, so one archive reads either way: written by
/// Foundation's `NSKeyedArchiver`, it unarchives with ``KeyedUnarchiver`` into the same class (no
/// `NSCoder` involved), and written by ``KeyedArchiver`` it unarchives with `NSKeyedUnarchiver`.
/// Integers, reals and Booleans use the typed `encode(_:forKey:)` calls (optional ones are
/// `NSNumber` objects, so `nil` stays `nil`); strings, data, dates, URLs, UUIDs and collections are
/// their Foundation objects; another `NSObject` adopting `NSCoding` is handed to the coder, which
/// archives it once however often it is referred to (cycles included) and calls its own
/// `encode(with:)`; other `AutoCodable` values (structs, classes that are not `NSObject`s) are
/// dictionaries of their properties. Reading allows, in `decodeObject(of:forKey:)`, Foundation's
/// property-list classes and the `NSCoding` classes the type's properties declare.
///
/// Two things `NSCoder` cannot do: list an object's keys (so ``AutoCodable/autoCodingDidFindUnknownKeys(_:)``
/// sees nothing of the coder's own object, and an archive of another ``AutoCodable/autoCodingVersion``
/// is refused rather than migrated), and tell an inline `0` from `nil`: an optional number must have
/// been archived as an object (as this bridge, ``KeyedArchiver`` and Swift's
/// `coder.encode(optionalNumber, forKey:)` store it); a non-optional one inline, as `encode(_:forKey:)`
/// stores it.
extension AutoCodable where Self: NSObject {
    /// Writes every archived property of this object into `coder`, from inside `encode(with:)`.
    ///
    /// - Parameter coder: The coder `encode(with:)` was given (Foundation's `NSKeyedArchiver`, or
    ///   any keyed coder).
    /// - Throws: ``AutoCodingError`` naming the property that could not be written (a cycle
    ///   through values that are not `NSObject`s, values nested more than 512 levels, as through
    ///   the `Codable` bridge). The coder may hold the properties written before it. On Linux the
    ///   error is also recorded as the archiver's `error` when the coder is an `NSKeyedArchiver`
    ///   without one yet, so `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)`
    ///   throws it: `encode(with:)` cannot throw, and an object that failed deep inside a graph
    ///   must not leave an archive that reads back without it.
    public func autoEncode(with coder: NSCoder) throws {
        let dynamicType: AnyClass = Swift.type(of: self)
        do {
            let objectCoder = try AutoCodingEngine.shared.objectCoder(for: dynamicType)
            let context = BridgeContexts.encoding()
            var writer = NSCoderBridgeWriter(coder, owner: self, context: context)
            try objectCoder.encodeObject(self, record: nil, to: &writer, context)
        } catch let error as AutoCodingError {
            let rooted = error.rooted(at: "\(dynamicType)")
            Self.record(rooted, in: coder)
            throw rooted
        }
    }

    /// Leaves `error` with `coder` where the archive's maker will see it: as an `NSKeyedArchiver`'s
    /// `error` (the first one stays), which swift-corelibs-foundation lets a coder set and
    /// `archivedData(withRootObject:requiringSecureCoding:)` throws. Apple's Foundation offers no
    /// such setter for an archiver; there the error reaches only the caller of `autoEncode(with:)`.
    private static func record(_ error: AutoCodingError, in coder: NSCoder) {
        #if !canImport(Darwin)
        if let archiver = coder as? NSKeyedArchiver, archiver.error == nil { archiver.error = error }
        #endif
    }

    /// Reads the archived properties `coder` holds into this object, from inside `init?(coder:)`
    /// after `super.init()`; properties whose keys are missing keep their current values, and
    /// hooks run as after unarchiving.
    ///
    /// - Parameter coder: The coder `init?(coder:)` was given.
    /// - Throws: ``AutoCodingError`` with the property path and what was expected and found.
    ///   Return `nil` from `init?(coder:)` then; the unarchiver reports the failure as its
    ///   `decodingFailurePolicy` says.
    public func autoDecode(from coder: NSCoder) throws {
        let dynamicType: AnyClass = Swift.type(of: self)
        do {
            let objectCoder = try AutoCodingEngine.shared.objectCoder(for: dynamicType)
            let context = BridgeContexts.decoding()
            var reader = NSCoderBridgeReader(coder, classes: NSCoderBridgeClasses.shared.classes(for: objectCoder),
                                             context: context)
            try objectCoder.decodeObject(reader.root, into: self, from: &reader, context)
            try reader.runDeferredHooks()
        } catch let error as AutoCodingError {
            throw error.rooted(at: "\(dynamicType)")
        }
    }
}
