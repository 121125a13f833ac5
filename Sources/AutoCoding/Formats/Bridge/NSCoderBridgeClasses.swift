import Foundation

/// The classes the `NSCoding` bridge lets `decodeObject(of:forKey:)` make for a type: Foundation's
/// property-list classes, and every `NSObject` class adopting `NSCoding` that the type's properties
/// can hold, found by walking its coders (elements, wrapped values, nested objects' properties).
///
/// Computed once per type. Secure decoding then holds as `NSSecureCoding` means it: nothing outside
/// the type's own declarations is instantiated.
final class NSCoderBridgeClasses: @unchecked Sendable {
    // @unchecked: `known` is only touched under `lock`.
    static let shared = NSCoderBridgeClasses()

    private let lock = NSLock()
    private var known: [ObjectIdentifier: [AnyClass]] = [:]

    /// Foundation's classes for the values the coders store.
    private static var foundationClasses: [AnyClass] {
        [NSArray.self, NSDictionary.self, NSSet.self, NSOrderedSet.self, NSString.self, NSNumber.self, NSData.self,
         NSDate.self, NSURL.self, NSUUID.self, NSNull.self]
    }

    /// The classes allowed while reading a value of `coder`'s type.
    func classes(for coder: any FieldCoding) -> [AnyClass] {
        let identity = ObjectIdentifier(coder.valueType)
        lock.lock()
        if let found = known[identity] {
            lock.unlock()
            return found
        }
        lock.unlock()
        var classes = Self.foundationClasses
        var seen: Set<ObjectIdentifier> = []
        var pending: [any FieldCoding] = [coder]
        while let next = pending.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            if let type = next.valueType as? NSObject.Type, type is NSCoding.Type {
                classes.append(type)
            }
            pending.append(contentsOf: next.nestedCoders)
        }
        lock.lock()
        known[identity] = classes
        lock.unlock()
        return classes
    }
}
