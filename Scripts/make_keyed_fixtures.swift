// Writes Fixtures/KeyedArchive/*.plist with Foundation's own NSKeyedArchiver, so the keyed-archive
// reader is tested against archives produced by Foundation rather than by this package.
//
//   swiftc -O -module-name Seeds Scripts/make_keyed_fixtures.swift -o /tmp/make_keyed_fixtures \
//     && SWIFT_DETERMINISTIC_HASHING=1 /tmp/make_keyed_fixtures
//
// The outputs are committed; they were produced on Linux (swift-corelibs-foundation). Custom
// classes are archived under their module-qualified names ("Seeds.SeedPerson"): corelibs-foundation
// ignores `setClassName(_:for:)` (it stores the mapping under one spelling of the class and looks it
// up under another), and the module is named `Seeds` so the names are stable. Dictionary and set
// order follows hashing, hence SWIFT_DETERMINISTIC_HASHING.
import Foundation

let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/KeyedArchive", isDirectory: true)

/// Like the Objective-C seeds' `autoEncodeWithCoder:`: one key per property, numbers and
/// Booleans boxed as NSNumber objects.
final class SeedPerson: NSObject, NSCoding {
    var name = ""
    var age = 0
    var member = false
    var friend: SeedPerson?
    var tags: [String] = []

    init(name: String, age: Int, member: Bool, tags: [String]) {
        self.name = name
        self.age = age
        self.member = member
        self.tags = tags
    }

    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(NSNumber(value: age), forKey: "age")
        coder.encode(NSNumber(value: member), forKey: "member")
        coder.encode(friend, forKey: "friend")
        coder.encode(NSMutableArray(array: tags), forKey: "tags")
    }

    init?(coder: NSCoder) { nil }
}

/// A class with every Foundation value type as a property, and shared members.
final class SeedTeam: NSObject, NSCoding {
    var title = ""
    var founded = Date(timeIntervalSinceReferenceDate: 0)
    var logo = Data()
    var site = URL(fileURLWithPath: "/")
    var identifier = UUID()
    var members: [SeedPerson] = []
    var leader: SeedPerson?
    var scores: [String: Double] = [:]
    var rating = 0.0

    override init() {}

    func encode(with coder: NSCoder) {
        coder.encode(title, forKey: "title")
        coder.encode(founded as NSDate, forKey: "founded")
        coder.encode(NSMutableData(data: logo), forKey: "logo")
        coder.encode(site as NSURL, forKey: "site")
        coder.encode(identifier as NSUUID, forKey: "identifier")
        coder.encode(members as NSArray, forKey: "members")
        coder.encode(leader, forKey: "leader")
        coder.encode(NSMutableDictionary(dictionary: scores), forKey: "scores")
        coder.encode(rating, forKey: "rating")
    }

    init?(coder: NSCoder) { nil }
}

func write(_ root: Any, to name: String, format: PropertyListSerialization.PropertyListFormat) throws {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.outputFormat = format
    archiver.encode(root, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    try archiver.encodedData.write(to: directory.appendingPathComponent(name))
    print("wrote \(name) (\(archiver.encodedData.count) bytes)")
}

// Every value class, immutable and mutable.
let values: NSDictionary = [
    "string": "plain",
    "unicode": "Grüße, 世界 😀",
    "mutableString": NSMutableString(string: "mutable"),
    "integer": NSNumber(value: -42),
    "large": NSNumber(value: Int64.max),
    "real": NSNumber(value: 2.5),
    "true": NSNumber(value: true),
    "false": NSNumber(value: false),
    "date": NSDate(timeIntervalSinceReferenceDate: 600_000_000.5),
    "data": NSData(bytes: [0, 1, 2, 255] as [UInt8], length: 4),
    "mutableData": NSMutableData(bytes: [9, 8, 7] as [UInt8], length: 3),
    "url": NSURL(string: "https://example.com/a/b?c=d")!,
    "relativeURL": NSURL(string: "file.txt", relativeTo: URL(string: "https://example.com/dir/"))!,
    "uuid": NSUUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
    "null": NSNull(),
    "array": NSArray(array: ["a", NSNumber(value: 1)]),
    "mutableArray": NSMutableArray(array: ["b", NSNumber(value: 2.5)]),
    "set": NSSet(array: ["x"]),
    "mutableSet": NSMutableSet(array: [NSNumber(value: 3)]),
    "dictionary": NSDictionary(dictionary: ["k": "v"]),
    "mutableDictionary": NSMutableDictionary(dictionary: ["n": NSNumber(value: 1)]),
    "nested": NSArray(array: [NSArray(array: []), NSDictionary()]),
]
try write(values, to: "foundation-values.binary.plist", format: .binary)
try write(values, to: "foundation-values.xml.plist", format: .xml)

// Seed-style objects: a friendship cycle, a self-reference and a leader shared with the members.
let ada = SeedPerson(name: "Ada", age: 36, member: true, tags: ["math", "poetry"])
let charles = SeedPerson(name: "Charles", age: 79, member: false, tags: [])
let grace = SeedPerson(name: "Grace", age: 85, member: true, tags: ["navy"])
ada.friend = charles
charles.friend = ada
grace.friend = grace
let team = SeedTeam()
team.title = "Analytical Engines"
team.founded = Date(timeIntervalSinceReferenceDate: -5_000_000_000)
team.logo = Data([0xCA, 0xFE])
team.site = URL(string: "https://example.org/engines")!
team.identifier = UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E")!
team.members = [ada, charles, grace]
team.leader = ada
team.scores = ["speed": 1.5, "accuracy": 99.25]
team.rating = 4.75
try write(team, to: "foundation-seed-team.binary.plist", format: .binary)
