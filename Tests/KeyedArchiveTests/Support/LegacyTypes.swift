import AutoCoding
import Foundation

/// What an Objective-C seed class looked like: NSCoding with one key per property, numbers boxed
/// as `NSNumber` objects (as `autoEncodeWithCoder:` wrote them through key-value coding).
final class LegacyPerson: NSObject, NSCoding {
    var name = ""
    var age = 0
    var member = false
    var friend: LegacyPerson?
    var tags: [String] = []

    override init() {}

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(NSNumber(value: age), forKey: "age")
        coder.encode(NSNumber(value: member), forKey: "member")
        coder.encode(friend, forKey: "friend")
        coder.encode(tags, forKey: "tags")
    }

    init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        age = (coder.decodeObject(forKey: "age") as? NSNumber)?.intValue ?? 0
        member = (coder.decodeObject(forKey: "member") as? NSNumber)?.boolValue ?? false
        friend = coder.decodeObject(forKey: "friend") as? LegacyPerson
        tags = coder.decodeObject(forKey: "tags") as? [String] ?? []
    }
}

/// The Swift type that replaces ``LegacyPerson``: same property names, no coding code.
final class MigratedPerson: AutoCodable {
    var name = ""
    var age = 0
    var member = false
    var friend: MigratedPerson?
    var tags: [String] = []
    required init() {}
}

/// A type whose hook rejects the archive.
final class RejectingNode: AutoCodable {
    var value = 0
    required init() {}
    func autoCodingDidDecode() throws {
        if value < 0 { throw RejectedValue() }
    }
}

struct RejectedValue: Error {}

/// An NSCoding class written the modern way: numbers with `encode(_:forKey:)` (inline values),
/// which is how ``KeyedArchiver`` stores numeric properties of `AutoCodable` objects.
final class ModernPerson: NSObject, NSCoding {
    var name = ""
    var age = 0
    var member = false
    var friend: ModernPerson?

    override init() {}

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(age, forKey: "age")
        coder.encode(member, forKey: "member")
        coder.encode(friend, forKey: "friend")
    }

    init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        age = coder.decodeInteger(forKey: "age")
        member = coder.decodeBool(forKey: "member")
        friend = coder.decodeObject(forKey: "friend") as? ModernPerson
    }
}
