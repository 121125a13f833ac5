import AutoCoding
import Foundation
import PropertyList
import Testing

/// The shapes the binary reader decodes through code of its own (``ValueCoding``'s binary entry
/// point: `Int`, `[String]`, `[String: String]`, `String?`; short ASCII strings made inline).
struct BinarySpecializedShapes: AutoCodable, Equatable {
    var number = 0
    var small: Int16 = 0
    var unsigned: UInt64 = 0
    var numbers: [Int] = []
    var tags: [String] = []
    var notes: [String: String] = [:]
    var nickname: String? = "default"
    var nicknames: [String?] = []
    var label = "default"
}

/// The binary reader's specialized paths agree with the generic ones (the tree reader) on edge
/// values: extreme and out-of-range integers, strings around the inline limit of 15 bytes,
/// non-ASCII strings, nil markers and their escaped spellings.
@Suite struct BinarySpecializedDecodingTests {
    private static let strings = [
        "", "a", "null", "$", "$nul", "$null", "$$null", "$$$null", "$type", "$nil", "a\u{0}b", "abcdefghijklmn",
        "abcdefghijklmno", "abcdefghijklmnop", "Zoë", "李", "😀 ok", "ascii then é", String(repeating: "x", count: 40),
    ]

    private func expectAgreement(_ value: BinarySpecializedShapes, _ label: String) throws {
        let direct = try AutoArchiver.unarchive(BinarySpecializedShapes.self,
                                                from: AutoArchiver.archive(value, format: .binary))
        let viaTree = try AutoArchiver.decode(BinarySpecializedShapes.self, from: AutoArchiver.encodeTree(value))
        #expect(direct == value, "\(label): binary")
        #expect(viaTree == value, "\(label): tree")
    }

    @Test func extremeIntegersAgree() throws {
        for number in [Int.min, Int.min + 1, -1, 0, 1, Int(Int32.max) + 1, Int.max] {
            var value = BinarySpecializedShapes()
            value.number = number
            value.small = number < 0 ? .min : .max
            value.unsigned = number < 0 ? .max : UInt64(number)
            value.numbers = [number, ~number, 0]
            try expectAgreement(value, "\(number)")
        }
    }

    @Test func outOfRangeIntegersFailAlike() throws {
        let cases: [(String, PropertyListValue)] = [
            ("number", .integer(PropertyListInteger(UInt64.max))),
            ("small", .integer(PropertyListInteger(Int64(Int16.max) + 1))),
            ("small", .integer(PropertyListInteger(Int64(Int16.min) - 1))),
            ("unsigned", .integer(PropertyListInteger(Int64(-1)))),
            ("numbers", [1, .integer(PropertyListInteger(UInt64(Int64.max) + 1))]),
        ]
        for (key, stored) in cases {
            let tree = PropertyListValue.dictionary(PropertyListDictionary([(key, stored)]))
            let direct = try #require(throws: AutoCodingError.self) {
                try AutoArchiver.unarchive(BinarySpecializedShapes.self, from: BinaryPropertyListWriter().write(tree))
            }
            let viaTree = try #require(throws: AutoCodingError.self) {
                try AutoArchiver.decode(BinarySpecializedShapes.self, from: tree)
            }
            #expect(direct.kind == .integerOutOfRange, "\(key)")
            #expect(direct.description == viaTree.description, "\(key)")
        }
    }

    @Test func stringsAndNilMarkersAgree() throws {
        for text in Self.strings {
            var value = BinarySpecializedShapes()
            value.label = text
            value.tags = [text, "plain", text]
            value.notes = [text: text, "k": text, "$\(text)": "v"]
            value.nickname = text
            value.nicknames = [text, nil, "x"]
            try expectAgreement(value, text.debugDescription)
        }
        var absent = BinarySpecializedShapes()
        absent.nickname = nil
        absent.nicknames = [nil, nil]
        try expectAgreement(absent, "nil")
    }

    @Test func aNilMarkerWhereAStringIsDeclaredKeepsTheDefaultAlike() throws {
        let tree: PropertyListValue = ["label": "$null", "tags": ["a", "$null"]]
        let direct = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(BinarySpecializedShapes.self, from: BinaryPropertyListWriter().write(tree))
        }
        let viaTree = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.decode(BinarySpecializedShapes.self, from: tree)
        }
        #expect(direct.description == viaTree.description)
        let label = try AutoArchiver.unarchive(BinarySpecializedShapes.self,
                                               from: BinaryPropertyListWriter().write(["label": "$null"]))
        #expect(label.label == "default")
    }

    @Test func aShortASCIIStringWithAHighByteIsAnErrorNotAString() throws {
        var value = BinarySpecializedShapes()
        value.label = "Qqqqq"
        var data = try AutoArchiver.archive(value, format: .binary)
        let marker: [UInt8] = [0x55] + Array("Qqqqq".utf8)
        let range = try #require(data.firstRange(of: marker))
        data[range.lowerBound + 2] = 0xE9
        let error = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(BinarySpecializedShapes.self, from: data)
        }
        #expect(error.kind == .corruptArchive)
    }
}
