import AutoCoding
import Foundation
import PropertyList
import Testing

// MARK: Types through the bridge, and synthesized-Codable twins with the same keys

struct BridgeLine: AutoCodable, Codable, Equatable {
    var sku = ""
    var qty = 1
}

struct BridgeOrder: AutoCodable, Codable, Equatable {
    var number = 0
    var customer = "anonymous"
    var note: String? = "none"
    var placed = Date(timeIntervalSinceReferenceDate: 0)
    var lines: [BridgeLine] = []
    var tags: [String: Int] = [:]
    var cache = 0
    static var autoCodingKeys: [String: String] { ["customer": "client"] }
    static var autoCodingTransientProperties: Set<String> { ["cache"] }
}

/// Synthesized Codable, keys as the bridge writes them.
struct BridgeOrderTwin: Codable, Equatable {
    var number: Int
    var client: String
    var note: String?
    var placed: Date
    var lines: [BridgeLineTwin]
    var tags: [String: Int]
}

struct BridgeLineTwin: Codable, Equatable {
    var sku: String
    var qty: Int
}

final class BridgeAccount: AutoCodable, Codable {
    var owner = ""
    var balance = 0.0
    var unknown: PropertyListDictionary = [:]
    required init() {}
    static var autoCodingTransientProperties: Set<String> { ["unknown"] }
    func autoCodingDidFindUnknownKeys(_ unknownEntries: PropertyListDictionary) { unknown = unknownEntries }
}

class BridgeDocument: AutoCodable, Codable {
    var title = "untitled"
    required init() {}
    required convenience init(from decoder: any Decoder) throws {
        self.init()
        try autoDecode(from: decoder)
    }
}

final class BridgeReport: BridgeDocument {
    var pages = 0
}

/// Version 2 renamed `name` to `title`; the hook moves version 1's entry.
struct BridgeVersioned: AutoCodable, Codable {
    var title = ""
    static var autoCodingVersion: Int { 2 }
    static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {
        if version < 2, let name = tree.removeValue(forKey: "name") { tree["title"] = name }
    }
}

/// A class that can be subclassed, writing no initializer of its own.
class BridgeShape: AutoCodable, Codable {
    var name = "shape"
    required init() {}
}

final class BridgeCircle: BridgeShape {
    var radius = 1.0
}

/// Partial customization: the routine properties through the engine, one key by hand.
struct BridgeInvoice: AutoCodable, Codable {
    var amount = 0
    var currency = "EUR"
    var total: Int { amount * 2 }

    enum ExtraKeys: String, CodingKey { case total, amount }

    init() {}

    init(from decoder: any Decoder) throws {
        self.init()
        try autoDecode(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try autoEncode(to: encoder)
        var container = encoder.container(keyedBy: ExtraKeys.self)
        try container.encode(total, forKey: .total)
    }
}

/// An enum with payloads: `Codable` only, so the bridge hands it to the caller's coder.
enum BridgeShipping: Codable, Equatable {
    case pickup
    case courier(name: String, days: Int)
}

enum BridgeColor: String, Codable {
    case red, green
}

/// Every kind of property the engine codes itself, and a `Codable`-only one.
struct BridgeEverything: AutoCodable, Codable, Equatable {
    var flag = false
    var small: Int8 = 0
    var big: UInt64 = 0
    var ratio: Float = 0
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var link = URL(string: "https://example.com")!
    var blob = Data()
    var names: Set<String> = []
    var byNumber: [Int: String] = [:]
    var color = BridgeColor.red
    var shipping = BridgeShipping.pickup
    var maybe: Int? = 1
    var matrix: [[Int]] = []
    var point = BridgeLine()
}

/// Its synthesized twin.
struct BridgeEverythingTwin: Codable, Equatable {
    var flag: Bool
    var small: Int8
    var big: UInt64
    var ratio: Float
    var id: UUID
    var link: URL
    var blob: Data
    var names: Set<String>
    var byNumber: [Int: String]
    var color: BridgeColor
    var shipping: BridgeShipping
    var maybe: Int?
    var matrix: [[Int]]
    var point: BridgeLineTwin
}

@Suite struct CodableBridgeTests {
    private static let sample: BridgeOrder = {
        var order = BridgeOrder()
        order.number = 42
        order.customer = "Ada"
        order.note = nil
        order.placed = Date(timeIntervalSinceReferenceDate: 86_400.5)
        order.lines = [BridgeLine(sku: "a", qty: 2), BridgeLine(sku: "b", qty: 3)]
        order.tags = ["x": 1]
        order.cache = 99
        return order
    }()

    private static func sortedEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    @Test func jsonWrittenThroughTheBridgeIsReadByJSONDecoderIntoASynthesizedTwin() throws {
        let json = try JSONEncoder().encode(Self.sample)
        let twin = try JSONDecoder().decode(BridgeOrderTwin.self, from: json)
        #expect(twin == BridgeOrderTwin(number: 42, client: "Ada", note: nil, placed: Self.sample.placed,
                                        lines: [BridgeLineTwin(sku: "a", qty: 2), BridgeLineTwin(sku: "b", qty: 3)],
                                        tags: ["x": 1]))
    }

    @Test func jsonOfTheSynthesizedTwinIsReadThroughTheBridge() throws {
        let twin = BridgeOrderTwin(number: 7, client: "Bo", note: "gift", placed: Date(timeIntervalSinceReferenceDate: 3),
                                   lines: [BridgeLineTwin(sku: "z", qty: 9)], tags: [:])
        let order = try JSONDecoder().decode(BridgeOrder.self, from: JSONEncoder().encode(twin))
        #expect(order.number == 7)
        #expect(order.customer == "Bo")
        #expect(order.note == "gift")
        #expect(order.placed == twin.placed)
        #expect(order.lines == [BridgeLine(sku: "z", qty: 9)])
        #expect(order.cache == 0)
    }

    @Test func theBridgeWritesWhatSynthesizedCodableWritesForTheSameKeys() throws {
        var sample = Self.sample
        sample.note = "n"
        let twin = BridgeOrderTwin(number: 42, client: "Ada", note: "n", placed: sample.placed,
                                   lines: [BridgeLineTwin(sku: "a", qty: 2), BridgeLineTwin(sku: "b", qty: 3)], tags: ["x": 1])
        let ours = try Self.sortedEncoder().encode(sample)
        let theirs = try Self.sortedEncoder().encode(twin)
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
    }

    @Test func missingKeysKeepTheDefaultsOfInit() throws {
        let order = try JSONDecoder().decode(BridgeOrder.self, from: Data(#"{"number":5}"#.utf8))
        #expect(order.number == 5)
        #expect(order.customer == "anonymous")
        #expect(order.note == "none")
        #expect(order.lines.isEmpty)
    }

    @Test func nilIsWrittenAsNullAndReadBackAsNil() throws {
        let json = try JSONEncoder().encode(Self.sample)
        #expect(String(decoding: json, as: UTF8.self).contains(#""note":null"#))
        let back = try JSONDecoder().decode(BridgeOrder.self, from: json)
        #expect(back.note == nil)
        var expected = Self.sample
        expected.cache = 0
        #expect(back == expected)
    }

    @Test func propertyListEncoderAndDecoderRoundTripThroughTheBridge() throws {
        var sample = Self.sample
        sample.note = "kept"
        sample.placed = Date(timeIntervalSinceReferenceDate: 86_400) // Foundation's XML keeps whole seconds
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            let back = try PropertyListDecoder().decode(BridgeOrder.self, from: encoder.encode(sample))
            var expected = sample
            expected.cache = 0
            #expect(back == expected, "\(format)")
        }
    }

    @Test func finalClassesGetCodableAndTheirUnknownKeysGoToTheHook() throws {
        let account = try JSONDecoder().decode(BridgeAccount.self, from: Data(#"{"owner":"Cy","balance":2.5,"extra":[1,"two"]}"#.utf8))
        #expect(account.owner == "Cy")
        #expect(account.balance == 2.5)
        #expect(account.unknown["extra"] == .array([.integer(1), .string("two")]))
        let json = String(decoding: try Self.sortedEncoder().encode(account), as: UTF8.self)
        #expect(json == #"{"balance":2.5,"owner":"Cy"}"#)
    }

    @Test func nonFinalClassesDecodeWithTheOneLineInitializerAndSubclassesKeepTheirProperties() throws {
        let report = BridgeReport()
        report.title = "Q3"
        report.pages = 12
        let json = try Self.sortedEncoder().encode(report)
        #expect(String(decoding: json, as: UTF8.self) == #"{"pages":12,"title":"Q3"}"#)
        let back = try JSONDecoder().decode(BridgeReport.self, from: json)
        #expect(back.title == "Q3")
        #expect(back.pages == 12)
        let document = try JSONDecoder().decode(BridgeDocument.self, from: Data(#"{}"#.utf8))
        #expect(document.title == "untitled")
    }

    @Test func classesThatCanBeSubclassedNeedNoInitializerOfTheirOwn() throws {
        let circle = BridgeCircle()
        circle.name = "c"
        circle.radius = 2.5
        let back = try JSONDecoder().decode(BridgeCircle.self, from: JSONEncoder().encode(circle))
        #expect(back.name == "c")
        #expect(back.radius == 2.5)
        let shape = try JSONDecoder().decode(BridgeShape.self, from: Data(#"{"radius":9}"#.utf8))
        #expect(type(of: shape) == BridgeShape.self)
        #expect(shape.name == "shape")
    }

    @Test func aHandWrittenEncodeAddsKeysAfterAutoEncode() throws {
        var invoice = BridgeInvoice()
        invoice.amount = 21
        let json = String(decoding: try Self.sortedEncoder().encode(invoice), as: UTF8.self)
        #expect(json == #"{"amount":21,"currency":"EUR","total":42}"#)
        let back = try JSONDecoder().decode(BridgeInvoice.self, from: Data(json.utf8))
        #expect(back.amount == 21)
    }

    @Test func errorsNameThePropertyPathAndComeAsDecodingErrors() throws {
        let json = #"{"number":1,"lines":[{"sku":"a","qty":1},{"sku":"b","qty":"three"}]}"#
        do {
            _ = try JSONDecoder().decode(BridgeOrder.self, from: Data(json.utf8))
            Issue.record("decoded a string as an Int")
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = try #require(context.underlyingError as? AutoCodingError)
            #expect(underlying.kind == .typeMismatch)
            #expect(underlying.pathDescription == "BridgeOrder.lines[1].qty", "\(underlying)")
            #expect(context.codingPath.map(\.stringValue) == ["lines", "1", "qty"])
            #expect(context.codingPath.map(\.intValue) == [nil, 1, nil])
        }
    }

    @Test func bridgedValuesNestInsideSynthesizedCodableTypes() throws {
        struct Envelope: Codable, Equatable {
            var id: Int
            var order: BridgeOrder
        }
        var order = Self.sample
        order.cache = 0
        let envelope = Envelope(id: 3, order: order)
        let back = try JSONDecoder().decode(Envelope.self, from: JSONEncoder().encode(envelope))
        #expect(back == envelope)
    }

    private static let everything: BridgeEverything = {
        var value = BridgeEverything()
        value.flag = true
        value.small = -8
        value.big = UInt64.max
        value.ratio = 0.5
        value.id = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
        value.link = URL(string: "https://example.com/a?b=c")!
        value.blob = Data([0, 1, 254, 255])
        value.names = ["x", "y"]
        value.byNumber = [3: "three", -1: "minus one"]
        value.color = .green
        value.shipping = .courier(name: "Zed", days: 2)
        value.maybe = nil
        value.matrix = [[1, 2], [], [3]]
        value.point = BridgeLine(sku: "p", qty: 4)
        return value
    }()

    @Test func everyKindOfPropertyMatchesItsSynthesizedTwinBothWays() throws {
        let json = try JSONEncoder().encode(Self.everything)
        let twin = try JSONDecoder().decode(BridgeEverythingTwin.self, from: json)
        let value = Self.everything
        #expect(twin == BridgeEverythingTwin(flag: value.flag, small: value.small, big: value.big, ratio: value.ratio,
                                             id: value.id, link: value.link, blob: value.blob, names: value.names,
                                             byNumber: value.byNumber, color: value.color, shipping: value.shipping,
                                             maybe: nil, matrix: value.matrix, point: BridgeLineTwin(sku: "p", qty: 4)))
        // Synthesized Codable leaves a `nil` optional out; a missing key keeps init()'s default (1).
        let back = try JSONDecoder().decode(BridgeEverything.self, from: JSONEncoder().encode(twin))
        var expected = value
        expected.maybe = 1
        #expect(back == expected)
        #expect(try JSONDecoder().decode(BridgeEverything.self, from: json) == value)
    }

    @Test func everyKindOfPropertyRoundTripsThroughPropertyListCoders() throws {
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            let back = try PropertyListDecoder().decode(BridgeEverything.self, from: encoder.encode(Self.everything))
            #expect(back == Self.everything, "\(format)")
        }
    }

    @Test func unknownEntriesOfAnyShapeReachTheHookAndDeepOnesAreRefused() throws {
        let json = #"{"owner":"Di","extra":{"a":[true,null,1.5,"s",{"b":[]}],"n":-3}}"#
        let account = try JSONDecoder().decode(BridgeAccount.self, from: Data(json.utf8))
        #expect(account.owner == "Di")
        #expect(account.unknown["extra"] == ["a": [true, "$null", 1.5, "s", ["b": []]], "n": -3])
        // Deeper than the depth limit, inside an unknown key: an error, not a crash.
        let deep = #"{"owner":"Di","extra":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        #expect(throws: (any Error).self) { try JSONDecoder().decode(BridgeAccount.self, from: Data(deep.utf8)) }
    }

    @Test func versionsAreWrittenAndOlderInputGoesThroughTheMigrationHook() throws {
        var value = BridgeVersioned()
        value.title = "T"
        let json = String(decoding: try Self.sortedEncoder().encode(value), as: UTF8.self)
        #expect(json == #"{"$version":2,"title":"T"}"#)
        let old = try JSONDecoder().decode(BridgeVersioned.self, from: Data(#"{"$version":1,"name":"N"}"#.utf8))
        #expect(old.title == "N")
        let current = try JSONDecoder().decode(BridgeVersioned.self, from: Data(json.utf8))
        #expect(current.title == "T")
    }

    @Test func plansKnowWhichTypesImplementTheUnknownKeysHook() throws {
        #expect(try AutoCodingEngine.shared.objectCoder(for: BridgeAccount.self).plan.implementsUnknownKeysHook)
        #expect(try !AutoCodingEngine.shared.objectCoder(for: BridgeOrder.self).plan.implementsUnknownKeysHook)
        // Without a hook, unknown keys are skipped unlisted; the known ones are read as ever.
        let order = try JSONDecoder().decode(BridgeOrder.self, from: Data(#"{"number":3,"surplus":[1,{"x":2}]}"#.utf8))
        #expect(order.number == 3)
    }

    @Test func archivesOfBridgedTypesAreUnchanged() throws {
        // Declaring Codable does not change what AutoArchiver writes (the engine's own coders win).
        var order = Self.sample
        order.cache = 0
        let archive = try AutoArchiver.archive(order, format: .binary)
        #expect(try AutoArchiver.unarchive(BridgeOrder.self, from: archive) == order)
    }
}

/// A string and dictionary keys spelled like the archives' reserved words.
struct BridgeSpelling: AutoCodable, Codable, Equatable {
    var text = "default"
    var map: [String: Int] = [:]
}

struct BridgeSpellingTwin: Codable, Equatable {
    var text: String
    var map: [String: Int]
}

@Suite("CodableBridgeReservedSpellings")
struct CodableBridgeReservedSpellingTests {
    static let spellings = ["$null", "$$null", "$type", "$version", "$", "plain"]

    @Test(arguments: spellings)
    func stringsAndKeysSpelledLikeReservedWordsCrossTheBridgeAsTheyAre(spelling: String) throws {
        let value = BridgeSpelling(text: spelling, map: [spelling: 1, "other": 2])
        let json = try JSONEncoder().encode(value)
        // What synthesized Codable reads from it, and what it writes, are the same strings.
        let twin = try JSONDecoder().decode(BridgeSpellingTwin.self, from: json)
        #expect(twin == BridgeSpellingTwin(text: spelling, map: [spelling: 1, "other": 2]))
        #expect(try JSONDecoder().decode(BridgeSpelling.self, from: JSONEncoder().encode(twin)) == value)
        #expect(try JSONDecoder().decode(BridgeSpelling.self, from: json) == value)
        // The archives still escape them, and read them back unchanged.
        #expect(try AutoArchiver.unarchive(BridgeSpelling.self, from: AutoArchiver.archive(value, format: .binary)) == value)
    }
}
