/// The Foundation value classes a keyed archive may contain, recognized by class name.
package enum FoundationClass: Sendable, CaseIterable {
    case array, set, orderedSet, dictionary, string, date, data, url, uuid, null

    /// The value class `names` (a `$classname` then its `$classes`) stands for, or `nil`.
    ///
    /// The class name is tried first, then the superclasses, so a private subclass such as
    /// `__NSCFString` is read as its public class.
    package static func matching(className: String, classes: [String]) -> FoundationClass? {
        if let direct = byName[className] { return direct }
        for name in classes { if let match = byName[name] { return match } }
        return nil
    }

    private static let byName: [String: FoundationClass] = [
        "NSArray": .array, "NSMutableArray": .array,
        "NSSet": .set, "NSMutableSet": .set,
        "NSOrderedSet": .orderedSet, "NSMutableOrderedSet": .orderedSet,
        "NSDictionary": .dictionary, "NSMutableDictionary": .dictionary,
        "NSString": .string, "NSMutableString": .string,
        "NSDate": .date,
        "NSData": .data, "NSMutableData": .data,
        "NSURL": .url,
        "NSUUID": .uuid,
        "NSNull": .null,
    ]

    /// The `$classname` and `$classes` this package writes for the class.
    package var description: (name: String, classes: [String]) {
        switch self {
        case .array: return ("NSArray", ["NSArray", "NSObject"])
        case .set: return ("NSSet", ["NSSet", "NSObject"])
        case .orderedSet: return ("NSOrderedSet", ["NSOrderedSet", "NSObject"])
        case .dictionary: return ("NSDictionary", ["NSDictionary", "NSObject"])
        case .string: return ("NSString", ["NSString", "NSObject"])
        case .date: return ("NSDate", ["NSDate", "NSObject"])
        case .data: return ("NSData", ["NSData", "NSObject"])
        case .url: return ("NSURL", ["NSURL", "NSObject"])
        case .uuid: return ("NSUUID", ["NSUUID", "NSObject"])
        case .null: return ("NSNull", ["NSNull", "NSObject"])
        }
    }
}
