import AutoCoding
import Foundation
import PropertyList

// Types that exercise one feature each; shared by several suites.

struct Scalars: AutoCodable, Equatable {
    var flag = false
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var float: Float = 0
    var double = 0.0
    var string = ""
    var data = Data()
    var date = Date(timeIntervalSinceReferenceDate: 0)
    var url = URL(fileURLWithPath: "/")
    var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var decimal = Decimal(0)

    static let sample: Scalars = {
        var value = Scalars()
        value.flag = true
        value.int = -42
        value.int8 = .min
        value.int16 = .max
        value.int32 = -70_000
        value.int64 = .min
        value.uint = 7
        value.uint8 = .max
        value.uint16 = 65_000
        value.uint32 = .max
        value.uint64 = .max
        value.float = 3.25
        value.double = -0.1
        value.string = "héllo 🌍"
        value.data = Data([0, 1, 2, 0xFF])
        value.date = Date(timeIntervalSinceReferenceDate: 123_456.75)
        value.url = URL(string: "https://example.com/a?b=c")!
        value.uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        value.decimal = Decimal(string: "12345.6789", locale: Locale(identifier: "en_US_POSIX"))!
        return value
    }()
}

enum Priority: Int, Codable, Sendable {
    case low = 1, high = 9
}

struct Collections: AutoCodable, Equatable {
    var numbers: [Int] = []
    var grid: [[Double]] = []
    var names: Set<String> = []
    var scores: [String: Int] = [:]
    var byID: [Int: String] = [:]
    var bySmallID: [UInt8: [String]] = [:]
    var nested: [String: [String: [Int]]] = [:]
    var optionalList: [String]? = nil
    var priorities: [Priority] = []
    var addresses: [Address] = []

    static let sample: Collections = {
        var value = Collections()
        value.numbers = [3, 1, 2]
        value.grid = [[1, 2], [], [3.5]]
        value.names = ["b", "a", "c"]
        value.scores = ["x": 1, "y": -2]
        value.byID = [10: "ten", -3: "minus three", 2: "two"]
        value.bySmallID = [7: ["seven"]]
        value.nested = ["outer": ["inner": [1, 2, 3]]]
        value.optionalList = ["only"]
        value.priorities = [.high, .low]
        value.addresses = [Address(street: "s", city: "c", zip: "z", lat: 1, lon: 2)]
        return value
    }()
}

struct Optionals: AutoCodable, Equatable {
    var name: String? = "default"
    var count: Int? = nil
    var address: Address? = nil
    var when: Date? = nil
    var nestedOptional: [Int?]? = nil
}

struct Box<Content: Equatable>: AutoCodable, Equatable {
    var label = ""
    var content: Content? = nil
    var history: [Content] = []
}

enum Shape2D: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
    case polygon([Double])
    case empty
}

struct Drawing: AutoCodable, Equatable {
    var title = ""
    var shapes: [Shape2D] = []
    var background: Shape2D = .empty
    var stamp: Stamp = Stamp()
}

/// A Codable (not AutoCodable) struct holding a date and an AutoCodable value: both go through the
/// engine's native coders inside the Codable bridge.
struct Stamp: Codable, Equatable {
    var at = Date(timeIntervalSinceReferenceDate: 0)
    var by = Address()
    var tags: [String] = []
}

class Animal: AutoCodable {
    var name = ""
    var legs = 4
    required init() {}
}

final class Dog: Animal {
    var breed = ""
    var goodBoy = true
    required init() {}
}

final class Node: AutoCodable {
    var value = 0
    var next: Node? = nil
    required init() {}
}

struct WithLets: AutoCodable, Equatable {
    let id: Int
    let name: String
    var note = ""
    init() {
        id = 0
        name = ""
    }
    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

final class ClassWithLets: AutoCodable {
    let id: Int
    let tags: [String]
    required init() {
        id = 0
        tags = []
    }
    init(id: Int, tags: [String]) {
        self.id = id
        self.tags = tags
    }
}
