import AutoCoding
import Foundation
import PropertyList
import Testing

/// A property of every kind a faster read of properties would take first (strings, `Int`, reals,
/// Booleans, dates, data, URLs, UUIDs, arrays of them), beside a property of the same kind that
/// stays on the general path (`Int8` beside `Int`, `[Int8]` and `Set<String>` beside arrays): the
/// edge cases below pin down what both must do alike.
struct BridgeEdge: AutoCodable, Codable, Equatable {
    var text = "text"
    var count = 1
    var small: Int8 = 2
    var ratio = 0.5
    var single: Float = 1.5
    var flag = true
    var date = Date(timeIntervalSinceReferenceDate: 7)
    var blob = Data([1])
    var link = URL(string: "https://example.com")!
    var id = UUID(uuid: (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
    var words = ["w"]
    var numbers = [1]
    var smalls: [Int8] = [1]
    var wordSet: Set<String> = ["s"]
}

/// Its synthesized twin.
struct BridgeEdgeTwin: Codable, Equatable {
    var text: String
    var count: Int
    var small: Int8
    var ratio: Double
    var single: Float
    var flag: Bool
    var date: Date
    var blob: Data
    var link: URL
    var id: UUID
    var words: [String]
    var numbers: [Int]
    var smalls: [Int8]
    var wordSet: Set<String>
}

/// Such properties in a type with the unknown-keys hook.
final class BridgeEdgeAccount: AutoCodable, Codable {
    var owner = ""
    var visits = 0
    var unknown: PropertyListDictionary = [:]
    required init() {}
    static var autoCodingTransientProperties: Set<String> { ["unknown"] }
    func autoCodingDidFindUnknownKeys(_ unknownEntries: PropertyListDictionary) { unknown = unknownEntries }
}

/// Such properties in a versioned type: version 2 renamed `label` to `name`.
struct BridgeEdgeVersioned: AutoCodable, Codable {
    var name = ""
    var size = 0
    static var autoCodingVersion: Int { 2 }
    static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {
        if version < 2, let label = tree.removeValue(forKey: "label") { tree["name"] = label }
    }
}

/// The bridge's rules on the edge cases of every kind of property: missing keys, `null`, wrong
/// types, integers out of range, unknown keys, versions.
@Suite struct CodableBridgeEdgeCaseTests {
    private static func decode(_ json: String) throws -> BridgeEdge {
        try JSONDecoder().decode(BridgeEdge.self, from: Data(json.utf8))
    }

    /// The ``AutoCodingError`` decoding `json` fails with.
    private static func failure(_ json: String) throws -> AutoCodingError {
        do {
            _ = try decode(json)
        } catch let DecodingError.dataCorrupted(context) {
            return try #require(context.underlyingError as? AutoCodingError)
        }
        Issue.record("decoded \(json)")
        throw AutoCodingError(.invalidValue, "decoded")
    }

    @Test func everyKindDecodesWhatSynthesizedCodableWrites() throws {
        let twin = BridgeEdgeTwin(
            text: "t", count: -5, small: -6, ratio: 2.25, single: 0.25, flag: false,
            date: Date(timeIntervalSinceReferenceDate: 99.5), blob: Data([9, 8]), link: URL(string: "https://a.example/b")!,
            id: UUID(uuid: (2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)), words: ["x", "", "z"], numbers: [],
            smalls: [3], wordSet: ["q"])
        let value = try JSONDecoder().decode(BridgeEdge.self, from: JSONEncoder().encode(twin))
        #expect(value == BridgeEdge(text: "t", count: -5, small: -6, ratio: 2.25, single: 0.25, flag: false,
                                      date: twin.date, blob: twin.blob, link: twin.link, id: twin.id, words: twin.words,
                                      numbers: [], smalls: [3], wordSet: ["q"]))
        #expect(try JSONDecoder().decode(BridgeEdgeTwin.self, from: JSONEncoder().encode(value)) == twin)
    }

    @Test func missingKeysKeepTheDefaults() throws {
        #expect(try Self.decode("{}") == BridgeEdge())
        var expected = BridgeEdge()
        expected.count = 4
        expected.smalls = [5]
        #expect(try Self.decode(#"{"count":4,"smalls":[5]}"#) == expected)
    }

    @Test func nullKeepsTheDefaults() throws {
        let keys = ["text", "count", "small", "ratio", "single", "flag", "date", "blob", "link", "id", "words", "numbers",
                    "smalls", "wordSet"]
        let json = "{" + keys.map { #""\#($0)":null"# }.joined(separator: ",") + "}"
        #expect(try Self.decode(json) == BridgeEdge())
    }

    @Test func wrongTypesFailAlikeForEveryKindNamingThePropertyAndPosition() throws {
        let count = try Self.failure(#"{"count":"many"}"#)
        let small = try Self.failure(#"{"small":"many"}"#)
        #expect(count.kind == .typeMismatch)
        #expect(small.kind == count.kind)
        #expect(count.pathDescription == "BridgeEdge.count")
        #expect(small.pathDescription == "BridgeEdge.small")
        let words = try Self.failure(#"{"words":["a",1]}"#)
        let smalls = try Self.failure(#"{"smalls":[1,"b"]}"#)
        #expect(words.kind == .typeMismatch)
        #expect(smalls.kind == words.kind)
        #expect(words.pathDescription == "BridgeEdge.words[1]")
        #expect(smalls.pathDescription == "BridgeEdge.smalls[1]")
        #expect(try Self.failure(#"{"words":"a"}"#).pathDescription == "BridgeEdge.words")
        #expect(try Self.failure(#"{"flag":1}"#).pathDescription == "BridgeEdge.flag")
    }

    @Test func integersPastTheirTypeFailAsOutOfRange() throws {
        let count = try Self.failure(#"{"count":18446744073709551615}"#)
        let small = try Self.failure(#"{"small":300}"#)
        #expect(count.kind == .integerOutOfRange)
        #expect(small.kind == .integerOutOfRange)
        #expect(count.pathDescription == "BridgeEdge.count")
    }

    @Test func unknownKeysBesideKnownOnesReachTheHook() throws {
        let json = #"{"owner":"Eve","visits":3,"extra":[1,"two"],"more":null}"#
        let account = try JSONDecoder().decode(BridgeEdgeAccount.self, from: Data(json.utf8))
        #expect(account.owner == "Eve")
        #expect(account.visits == 3)
        #expect(account.unknown == ["extra": [1, "two"], "more": "$null"])
    }

    @Test func olderVersionsGoThroughMigration() throws {
        let old = try JSONDecoder().decode(BridgeEdgeVersioned.self, from: Data(#"{"$version":1,"label":"L","size":4}"#.utf8))
        #expect(old.name == "L")
        #expect(old.size == 4)
        let current = try JSONDecoder().decode(BridgeEdgeVersioned.self, from: Data(#"{"$version":2,"name":"N"}"#.utf8))
        #expect(current.name == "N")
        #expect(current.size == 0)
    }
}
