import Foundation

/// A value ``NSCoderBridgeReader`` reads: the coder's own object, an entry of it not read yet, or
/// a Foundation object already read (a collection's element, a dictionary's value).
enum NSCoderBridgeNode {
    /// The object whose `init(coder:)` runs: its properties are the coder's keys.
    case object
    /// The value under a key of the coder's object, read when a coder asks for it as something.
    case key(String)
    /// A Foundation object read from the coder (sets as arrays, dictionaries as
    /// ``NSCoderBridgeDictionary``).
    case value(Any)

    /// `object` as a node: sets become arrays and dictionaries ``NSCoderBridgeDictionary``, so
    /// their entries are reached by position.
    static func wrapping(_ object: Any) -> NSCoderBridgeNode {
        // One cast out of `Any` (casting `Any` to a Foundation class directly also searches the
        // bridging conformances), then class casts.
        guard let instance = object as? NSObject else { return .value(object) }
        if instance is NSString || instance is NSNumber || instance is NSArray { return .value(instance) }
        if let dictionary = instance as? NSDictionary { return .value(NSCoderBridgeDictionary(dictionary)) }
        if let set = instance as? NSSet { return .value(NSArray(array: set.allObjects)) }
        if let ordered = instance as? NSOrderedSet { return .value(NSArray(array: ordered.array)) }
        return .value(instance)
    }
}

/// An `NSDictionary` read through an `NSCoder`, its entries in one order (the dictionary's own),
/// keys as strings.
final class NSCoderBridgeDictionary {
    let keys: [String]
    let values: [Any]
    let original: NSDictionary

    init(_ dictionary: NSDictionary) {
        var keys: [String] = []
        var values: [Any] = []
        keys.reserveCapacity(dictionary.count)
        values.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            keys.append(key as? String ?? "\(key)")
            values.append(value)
        }
        self.keys = keys
        self.values = values
        original = dictionary
    }

    /// The value under `key`, if any.
    func value(forKey key: String) -> Any? {
        original.object(forKey: NSString(string: key))
    }
}
