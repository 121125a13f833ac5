/// The fixed strings of the keyed-archive layout, as Foundation's `NSKeyedArchiver` writes them.
enum KeyedArchiveFormat {
    static let archiverKey = "$archiver"
    static let archiverName = "NSKeyedArchiver"
    static let versionKey = "$version"
    static let version: Int64 = 100_000
    static let topKey = "$top"
    static let rootKey = "root"
    static let objectsKey = "$objects"
    static let null = "$null"
    static let classKey = "$class"
    static let classNameKey = "$classname"
    static let classesKey = "$classes"
    static let objectsField = "NS.objects"
    static let keysField = "NS.keys"
    static let timeField = "NS.time"
    static let dataField = "NS.data"
    static let stringField = "NS.string"
    static let bytesField = "NS.bytes"
    static let baseField = "NS.base"
    static let relativeField = "NS.relative"
    static let uuidField = "NS.uuidbytes"
}

/// The Foundation value classes a keyed archive may contain, recognized by class name.
enum FoundationClass: Sendable {
    case array, set, orderedSet, dictionary, string, date, data, url, uuid, null

    /// The value class `names` (a `$classname` then its `$classes`) stands for, or `nil`.
    ///
    /// The class name is tried first, then the superclasses, so a private subclass such as
    /// `__NSCFString` is read as its public class.
    static func matching(className: String, classes: [String]) -> FoundationClass? {
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
    var description: (name: String, classes: [String]) {
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
