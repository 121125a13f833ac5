import Foundation
import Testing
import Persistence

/// `BasicValue(any:)` and `anyValue`: values arriving as `Any`, as `UserDefaults` takes them.
@Suite("BasicValueFoundation")
struct BasicValueFoundationTests {
    @Test func nativeValuesConvertToTheirOwnCase() throws {
        let date = Date(timeIntervalSince1970: 5)
        let url = URL(fileURLWithPath: "/tmp/x")
        #expect(try BasicValue(any: "s") == .string("s"))
        #expect(try BasicValue(any: 7) == .integer(7))
        #expect(try BasicValue(any: 2.5) == .double(2.5))
        #expect(try BasicValue(any: true) == .bool(true))
        #expect(try BasicValue(any: 1 as Int) != .bool(true))
        #expect(try BasicValue(any: date) == .date(date))
        #expect(try BasicValue(any: Data([1])) == .data(Data([1])))
        #expect(try BasicValue(any: url) == .url(url))
        #expect(try BasicValue(any: Int8(-3)) == .integer(-3))
        #expect(try BasicValue(any: UInt32.max) == .integer(Int(UInt32.max)))
        #expect(try BasicValue(any: Float(0.5)) == .double(0.5))
        #expect(try BasicValue(any: "abc".dropFirst()) == .string("bc"))
        #expect(try BasicValue(any: ["a": [1, 2]] as [String: Any]) == .dictionary(["a": .array([.integer(1), .integer(2)])]))
    }

    @Test func foundationParsedPropertyListsConvertFaithfully() throws {
        // Foundation's own parser is the oracle for what `NSNumber`s a property list yields.
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>flag</key><true/><key>off</key><false/><key>count</key><integer>42</integer>
        <key>zero</key><integer>0</integer><key>one</key><integer>1</integer>
        <key>ratio</key><real>0.25</real><key>name</key><string>Ada</string>
        <key>list</key><array><integer>-5</integer><string>x</string></array>
        </dict></plist>
        """
        let parsed = try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
        let value = try BasicValue(any: parsed)
        let expected: BasicValue = .dictionary([
            "flag": .bool(true), "off": .bool(false), "count": .integer(42), "zero": .integer(0), "one": .integer(1),
            "ratio": .double(0.25), "name": .string("Ada"), "list": .array([.integer(-5), .string("x")]),
        ])
        #expect(value == expected)
    }

    @Test func foundationValuesNestedDeeperThanTheStoreKeepsAreRefusedWhereTheLimitIsCrossed() throws {
        var deep: Any = 1
        for level in 0 ..< 1_000 { deep = level.isMultiple(of: 2) ? [deep] as [Any] : ["k": deep] as [String: Any] }
        let error = try #require(throws: PersistenceError.self) { try BasicValue(any: deep) }
        #expect(error.kind == .unsupportedValue)
        #expect(error.message.contains("deeper than \(BasicByteReader.maximumDepth) levels"))
        // The path names the container at the limit: 256 steps in.
        let path = try #require(error.message.split(separator: ":").first)
        #expect(path.components(separatedBy: "[").count - 1 == BasicByteReader.maximumDepth)

        var deepest: Any = 1
        for _ in 0 ..< BasicByteReader.maximumDepth { deepest = [deepest] as [Any] }
        _ = try BasicValue(any: deepest)
    }

    @Test func unsupportedValuesNameTheirTypeAndPlace() throws {
        struct Custom {}
        let cases: [(Any, String)] = [
            (Custom(), "value"),
            ([1, Custom()] as [Any], "value[1]"),
            (["outer": ["inner": NSObject()]] as [String: Any], "value[\"outer\"][\"inner\"]"),
            (UInt64.max, "value"),
            ([1: "integer keys"] as [Int: String], "value"),
        ]
        for (input, place) in cases {
            let error = try #require(throws: PersistenceError.self) { try BasicValue(any: input) }
            #expect(error.kind == .unsupportedValue)
            #expect(error.message.hasPrefix("\(place):"), "\(error.message)")
        }
    }

    @Test func anyValueGivesFoundationStyleValuesBack() throws {
        let value: BasicValue = .dictionary(["n": .integer(1), "l": .array([.string("a"), .bool(false)])])
        let any = try #require(value.anyValue as? [String: Any])
        #expect(any["n"] as? Int == 1)
        let list = try #require(any["l"] as? [Any])
        #expect(list.first as? String == "a")
        #expect(list.last as? Bool == false)
        #expect(try BasicValue(any: value.anyValue) == value)
    }

    @Test func descriptionIsCompactAndDeterministic() throws {
        let value: BasicValue = .dictionary([
            "name": .string("Ada \"A\""), "age": .integer(36), "ratio": .double(0.5), "on": .bool(true),
            "seen": .date(Date(timeIntervalSince1970: 1_764_482_400)), "blob": .data(Data(count: 3)),
            "site": .url(try #require(URL(string: "https://example.com/"))), "tags": .array([.string("a"), .integer(2)]),
        ])
        #expect(value.description == #"{"age": 36, "blob": <3 bytes>, "name": "Ada \"A\"", "on": true, "ratio": 0.5, "#
            + #""seen": 2025-11-30T06:00:00Z, "site": https://example.com/, "tags": ["a", 2]}"#)
    }
}
