import AutoCoding
import Foundation
import PropertyList
import Testing

// MARK: Types read with the decoders' typed calls, and synthesized-Codable twins

enum TypedStatus: String, Codable {
    case open, paid
}

struct TypedLine: AutoCodable, Codable, Equatable {
    var sku = "none"
    var qty = 1
    var price = 0.5
    /// How many times the hook ran on this value (not archived).
    var hooked = 0
    static var autoCodingTransientProperties: Set<String> { ["hooked"] }
    mutating func autoCodingDidDecode() throws { hooked += 1 }
}

struct TypedAddress: AutoCodable, Codable, Equatable {
    var street = "main"
    var zip: Int? = 7
}

final class TypedCustomer: AutoCodable, Codable, Equatable {
    var name = "anonymous"
    var address = TypedAddress()
    required init() {}
    static func == (lhs: TypedCustomer, rhs: TypedCustomer) -> Bool {
        lhs.name == rhs.name && lhs.address == rhs.address
    }
}

/// Read the general way by its own coder (it has a version), inside values read typed.
struct TypedVersioned: AutoCodable, Codable, Equatable {
    var title = "untitled"
    static var autoCodingVersion: Int { 2 }
    static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {
        if version < 2, let name = tree.removeValue(forKey: "name") { tree["title"] = name }
    }
}

/// Read the general way throughout (it has the unknown-keys hook), inside values read typed.
struct TypedWithUnknownKeys: AutoCodable, Codable, Equatable {
    var kept = 0
    var unknown: [String] = []
    static var autoCodingTransientProperties: Set<String> { ["unknown"] }
    mutating func autoCodingDidFindUnknownKeys(_ unknownEntries: PropertyListDictionary) {
        unknown = unknownEntries.map(\.key).sorted()
    }
}

/// Every kind the typed reads cover, and some they leave to the general read (raw values,
/// dictionaries, other integer widths, nested optionals).
struct TypedOrder: AutoCodable, Codable, Equatable {
    var id = 0
    var customer = "anonymous"
    var note: String? = "none"
    var placed = Date(timeIntervalSinceReferenceDate: 0)
    var avatar = Data()
    var active = false
    var ratio: Float = 0
    var score = 0.0
    var link = URL(string: "https://example.com")
    var token = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    var small: Int8 = 0
    var nested: Int?? = 5
    var status = TypedStatus.open
    var notes: [String: String] = [:]
    var tags: [String] = ["default"]
    var matrix: [[Int]] = []
    var lines: [TypedLine] = []
    var ship = TypedAddress()
    var buyer = TypedCustomer()
    var buyers: [TypedCustomer] = []
    var versioned = TypedVersioned()
    var open = TypedWithUnknownKeys()
    var cache = 0
    static var autoCodingKeys: [String: String] { ["customer": "client"] }
    static var autoCodingTransientProperties: Set<String> { ["cache"] }
}

struct TypedLineTwin: Codable {
    var sku: String
    var qty: Int
    var price: Double
}

struct TypedAddressTwin: Codable {
    var street: String
    var zip: Int?
}

struct TypedCustomerTwin: Codable {
    var name: String
    var address: TypedAddressTwin
}

/// Synthesized `Codable`, keys as the bridge writes them (`nested` left out: synthesized code
/// writes `.some(nil)` as nothing).
struct TypedOrderTwin: Codable {
    var id: Int
    var client: String
    var note: String?
    var placed: Date
    var avatar: Data
    var active: Bool
    var ratio: Float
    var score: Double
    var link: URL?
    var token: UUID
    var small: Int8
    var status: TypedStatus
    var notes: [String: String]
    var tags: [String]
    var matrix: [[Int]]
    var lines: [TypedLineTwin]
    var ship: TypedAddressTwin
    var buyer: TypedCustomerTwin
    var buyers: [TypedCustomerTwin]
    var versioned: [String: String]
    var open: [String: Int]

    static let sample = TypedOrderTwin(
        id: 42, client: "Ada", note: nil, placed: Date(timeIntervalSinceReferenceDate: 1234.5),
        avatar: Data([1, 2, 3]), active: true, ratio: 0.25, score: -3.5, link: URL(string: "https://example.org/a"),
        token: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), small: -8, status: .paid,
        notes: ["gift": "no"], tags: ["a", "b"], matrix: [[1, 2], [], [3]],
        lines: [TypedLineTwin(sku: "x", qty: 2, price: 1.5), TypedLineTwin(sku: "y", qty: 3, price: 2.5)],
        ship: TypedAddressTwin(street: "High St", zip: nil),
        buyer: TypedCustomerTwin(name: "Bo", address: TypedAddressTwin(street: "Low Rd", zip: 12)),
        buyers: [TypedCustomerTwin(name: "Cy", address: TypedAddressTwin(street: "Mid Way", zip: 3))],
        versioned: ["title": "v2"], open: ["kept": 9, "extra": 1])
}

/// A value read the general way throughout: what the typed reads must agree with.
struct GeneralRead<Value: AutoCodable & Decodable>: Decodable {
    var value: Value

    init(from decoder: any Decoder) throws {
        value = Value()
        try value.autoDecode(from: decoder, typedReads: false)
    }
}

/// The `Codable` bridge's typed reads (the decoders' own calls, as synthesized `Codable` makes
/// them) give what the general read gives: values, kept defaults, `nil`, hooks and errors.
@Suite struct CodableBridgeTypedReadTests {
    /// Decodes `json` both ways; both must succeed and agree.
    private func bothWays(_ json: String) throws -> TypedOrder {
        let typed = try JSONDecoder().decode(TypedOrder.self, from: Data(json.utf8))
        let general = try JSONDecoder().decode(GeneralRead<TypedOrder>.self, from: Data(json.utf8)).value
        #expect(typed == general)
        return typed
    }

    /// The error of decoding `json` each way (both must fail), as the `AutoCodingError` and the
    /// coding path of the `DecodingError`.
    private func errors(_ json: String) throws -> [(AutoCodingError, [String])] {
        var found: [(AutoCodingError, [String])] = []
        for typed in [true, false] {
            do {
                if typed {
                    _ = try JSONDecoder().decode(TypedOrder.self, from: Data(json.utf8))
                } else {
                    _ = try JSONDecoder().decode(GeneralRead<TypedOrder>.self, from: Data(json.utf8))
                }
                Issue.record("decoded \(json) (typed: \(typed))")
            } catch let DecodingError.dataCorrupted(context) {
                let underlying = try #require(context.underlyingError as? AutoCodingError)
                found.append((underlying, context.codingPath.map(\.stringValue)))
            }
        }
        return found
    }

    @Test func typedAndGeneralReadsAgreeOnWhatSynthesizedCodableWrites() throws {
        let json = String(decoding: try JSONEncoder().encode(TypedOrderTwin.sample), as: UTF8.self)
        let order = try bothWays(json)
        let twin = TypedOrderTwin.sample
        // Synthesized code writes nothing for `nil`: a missing key, which keeps the default.
        #expect(order.id == twin.id && order.customer == twin.client && order.note == "none")
        #expect(order.placed == twin.placed && order.avatar == twin.avatar && order.active)
        #expect(order.ratio == twin.ratio && order.score == twin.score && order.link == twin.link)
        #expect(order.token == twin.token && order.small == twin.small && order.status == .paid)
        #expect(order.nested == 5, "missing: the default")
        #expect(order.notes == twin.notes && order.tags == twin.tags && order.matrix == twin.matrix)
        #expect(order.lines.map(\.sku) == ["x", "y"] && order.lines.map(\.qty) == [2, 3])
        #expect(order.lines.map(\.price) == [1.5, 2.5])
        #expect(order.lines.map(\.hooked) == [1, 1], "the hook runs once per value")
        #expect(order.ship == TypedAddress(street: "High St", zip: 7))
        #expect(order.buyer.name == "Bo" && order.buyer.address == TypedAddress(street: "Low Rd", zip: 12))
        #expect(order.buyers.map(\.name) == ["Cy"])
        #expect(order.versioned.title == "v2")
        #expect(order.open.kept == 9 && order.open.unknown == ["extra"])
        #expect(order.cache == 0)
    }

    @Test func theBridgeRoundTripsThroughTypedReads() throws {
        var order = TypedOrder()
        order.note = nil
        order.nested = .some(nil)
        order.lines = [TypedLine(sku: "z", qty: 4, price: 9)]
        order.buyers = [TypedCustomer(), TypedCustomer()]
        order.cache = 3
        let json = String(decoding: try JSONEncoder().encode(order), as: UTF8.self)
        let back = try bothWays(json)
        #expect(back.note == nil)
        #expect(back.nested == .some(nil) || back.nested == nil, "nested optionals collapse as in synthesized Codable")
        #expect(back.lines.map(\.sku) == ["z"] && back.lines.map(\.hooked) == [1])
        #expect(back.buyers.count == 2 && back.cache == 0)
    }

    @Test func missingKeysKeepTheDefaultsAtEveryLevel() throws {
        let order = try bothWays(#"{"id":3,"lines":[{"sku":"a"},{}],"ship":{},"buyer":{"address":{"street":"s"}}}"#)
        #expect(order.id == 3 && order.customer == "anonymous" && order.note == "none" && order.tags == ["default"])
        #expect(order.lines.map(\.sku) == ["a", "none"] && order.lines.map(\.qty) == [1, 1])
        #expect(order.ship == TypedAddress())
        #expect(order.buyer.name == "anonymous" && order.buyer.address == TypedAddress(street: "s", zip: 7))
    }

    @Test func nullIsNilForOptionalsAndKeepsTheDefaultOtherwise() throws {
        let json = #"""
            {"id":null,"client":null,"note":null,"placed":null,"avatar":null,"active":null,"ratio":null,"score":null,
             "link":null,"token":null,"small":null,"nested":null,"status":null,"notes":null,"tags":null,"matrix":null,
             "lines":[{"sku":null,"qty":null,"price":null}],"ship":{"street":null,"zip":null},"buyer":null,"buyers":null}
            """#
        let order = try bothWays(json)
        #expect(order.note == nil && order.link == nil)
        #expect(order.nested == .some(nil) || order.nested == nil)
        #expect(order.id == 0 && order.customer == "anonymous" && order.tags == ["default"] && order.status == .open)
        #expect(order.lines == [TypedLine(hooked: 1)])
        #expect(order.ship == TypedAddress(street: "main", zip: nil))
        #expect(order.buyer == TypedCustomer())
    }

    @Test func errorsAreTheGeneralReadsWithTheirPaths() throws {
        let cases: [(json: String, path: String, kind: AutoCodingError.Kind)] = [
            (#"{"id":"one"}"#, "TypedOrder.id", .typeMismatch),
            (#"{"note":3}"#, "TypedOrder.note", .typeMismatch),
            (#"{"small":300}"#, "TypedOrder.small", .integerOutOfRange),
            (#"{"status":"lost"}"#, "TypedOrder.status", .invalidValue),
            (#"{"tags":["a",2]}"#, "TypedOrder.tags[1]", .typeMismatch),
            (#"{"matrix":[[1],[2,"x"]]}"#, "TypedOrder.matrix[1][1]", .typeMismatch),
            (#"{"lines":[{"sku":"a"},{"sku":"b"},{"qty":"three"}]}"#, "TypedOrder.lines[2].qty", .typeMismatch),
            (#"{"lines":[{"sku":"a"},null]}"#, "TypedOrder.lines[1]", .typeMismatch),
            (#"{"ship":{"zip":"x"}}"#, "TypedOrder.ship.zip", .typeMismatch),
            (#"{"buyers":[{},{"address":{"street":[]}}]}"#, "TypedOrder.buyers[1].address.street", .typeMismatch),
            (#"{"lines":{"sku":"a"}}"#, "TypedOrder.lines", .typeMismatch),
        ]
        for (json, path, kind) in cases {
            let found = try errors(json)
            try #require(found.count == 2, "\(json)")
            let (typed, general) = (found[0], found[1])
            #expect(typed.0.pathDescription == path, "\(json): \(typed.0)")
            #expect(typed.0.kind == kind, "\(json): \(typed.0)")
            #expect(typed.0.description == general.0.description, "\(json)")
            #expect(typed.1 == general.1, "\(json)")
        }
    }

    @Test func versionedValuesInsideTypedOnesGoThroughMigration() throws {
        let order = try bothWays(#"{"versioned":{"$version":1,"name":"old"},"lines":[{"sku":"a"}]}"#)
        #expect(order.versioned.title == "old")
        #expect(order.lines.map(\.sku) == ["a"])
    }

    @Test func unknownKeysReachTheHookOfTheTypeThatHasIt() throws {
        let order = try bothWays(#"{"open":{"kept":2,"b":true,"a":[1]},"stray":1}"#)
        #expect(order.open.kept == 2 && order.open.unknown == ["a", "b"])
    }

    @Test func aSubclassNamedInsideATypedValueIsReadAsItself() throws {
        try AutoCodingRegistry.register(TypedCircle.self, as: "test.typed.circle")
        var holder = TypedShapes()
        let circle = TypedCircle()
        circle.radius = 4
        holder.shapes = [TypedShape(), circle]
        let json = String(decoding: try JSONEncoder().encode(holder), as: UTF8.self)
        #expect(json.contains(#""$type":"test.typed.circle""#), "\(json)")
        for back in [try JSONDecoder().decode(TypedShapes.self, from: Data(json.utf8)),
                     try JSONDecoder().decode(GeneralRead<TypedShapes>.self, from: Data(json.utf8)).value] {
            #expect(back.shapes.count == 2)
            #expect(type(of: back.shapes[0]) == TypedShape.self)
            #expect((back.shapes[1] as? TypedCircle)?.radius == 4)
        }
    }

    @Test func aValueFailingDeepInsideIsReadOnceAndFailsAsInTheGeneralRead() throws {
        // Were each level to read again what failed below it, the leaves would be read (and their
        // hooks run) twice as often at every level up: 2^24 times here.
        let depth = 24
        var json = #"{"leaf":{"mark":1},"value":"deep","next":[]}"#
        for _ in 0..<depth { json = #"{"leaf":{"mark":1},"value":1,"next":["# + json + "]}" }
        var failures: [String] = []
        for typed in [true, false] {
            _ = CountedLeaf.hooks.take()
            do {
                if typed {
                    _ = try JSONDecoder().decode(ChainLevel.self, from: Data(json.utf8))
                } else {
                    _ = try JSONDecoder().decode(GeneralRead<ChainLevel>.self, from: Data(json.utf8))
                }
                Issue.record("decoded a chain with a string for an integer (typed: \(typed))")
            } catch let DecodingError.dataCorrupted(context) {
                let underlying = try #require(context.underlyingError as? AutoCodingError)
                failures.append("\(underlying.pathDescription) \(context.codingPath.map(\.stringValue))")
            }
            #expect(CountedLeaf.hooks.take() == depth + 1, "each leaf read once (typed: \(typed))")
        }
        #expect(failures.count == 2 && failures[0] == failures[1], "\(failures)")
        #expect(failures.first?.hasPrefix("ChainLevel" + String(repeating: ".next[0]", count: depth) + ".value") == true,
                "\(failures)")
    }

    @Test func aSubclassInsideATypedArrayRunsEveryElementsHookOnce() throws {
        try AutoCodingRegistry.register(HookedSquare.self, as: "test.typed.hooked-square")
        var holder = HookedShapes()
        let square = HookedSquare()
        square.side = 3
        holder.shapes = [HookedShape(), square, HookedShape()]
        let data = try JSONEncoder().encode(holder)
        _ = HookedShape.hooks.take()
        let back = try JSONDecoder().decode(HookedShapes.self, from: data)
        #expect(back.shapes.count == 3 && (back.shapes[1] as? HookedSquare)?.side == 3)
        #expect(HookedShape.hooks.take() == 3, "one hook per element: none read twice")
        _ = try JSONDecoder().decode(GeneralRead<HookedShapes>.self, from: data)
        #expect(HookedShape.hooks.take() == 3, "as in the general read")
    }
}

/// Counts the `autoCodingDidDecode` hooks run on ``HookedShape`` values (only one test decodes them).
final class HookCounter: @unchecked Sendable {
    // @unchecked: `count` is only touched holding `lock`.
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    /// The hooks counted since the last call.
    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let taken = count
        count = 0
        return taken
    }
}

class HookedShape: AutoCodable, Codable {
    static let hooks = HookCounter()
    var name = "shape"
    required init() {}
    func autoCodingDidDecode() throws { HookedShape.hooks.add() }
}

final class HookedSquare: HookedShape {
    var side = 2.0
}

struct HookedShapes: AutoCodable, Codable {
    var shapes: [HookedShape] = []
}

/// A value with a counting hook, one at each level of a ``ChainLevel`` chain.
struct CountedLeaf: AutoCodable, Codable {
    static let hooks = HookCounter()
    var mark = 0
    mutating func autoCodingDidDecode() throws { CountedLeaf.hooks.add() }
}

/// A chain of levels nested through arrays, each with a leaf read before the level below it.
struct ChainLevel: AutoCodable, Codable {
    var leaf = CountedLeaf()
    var value = 0
    var next: [ChainLevel] = []
}

class TypedShape: AutoCodable, Codable {
    var name = "shape"
    required init() {}
}

final class TypedCircle: TypedShape {
    var radius = 1.0
}

struct TypedShapes: AutoCodable, Codable {
    var shapes: [TypedShape] = []
}
