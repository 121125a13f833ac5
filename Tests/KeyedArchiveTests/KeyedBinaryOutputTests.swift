import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// The binary archive is written straight from the archiver's objects; it must be the bytes of the
/// same archive written as a tree, where every equal string is one object.
@Suite struct KeyedBinaryOutputTests {
    /// Strings spelled like the layout's fixed strings, class names and property keys: the binary
    /// output writes most strings without looking them up, so these are the ones that must still
    /// share an object with the key or name of the same spelling.
    static let spellings = [
        "$archiver", "NSKeyedArchiver", "$version", "$top", "root", "$objects", "$null", "$class", "$classname",
        "$classes", "NS.objects", "NS.keys", "NS.time", "NS.base", "NS.relative", "NS.uuidbytes", "$nil", "",
        "NSObject", "NSArray", "NSDictionary", "NSSet", "NSDate", "NSURL", "NSUUID", "NSNull", "GraphNode",
        "GraphEverything", "KeyedFriend", "label", "next", "children", "text", "words", "table", "answer", "name",
        "nickname", "friend", "scores",
    ]

    private func expectSameBytesAsTree(_ root: some Any) throws {
        let archiver = KeyedArchiver()
        let direct = try archiver.archive(root)
        let fromTree = try archiver.archivedPropertyList(root).encoded(as: .binary)
        #expect(direct == fromTree)
    }

    @Test func stringsSpelledLikeKeysAndFixedStringsShareTheirObject() throws {
        let everything = GraphEverything()
        everything.text = "label"
        everything.words = Self.spellings
        everything.table = Dictionary(uniqueKeysWithValues: Self.spellings.enumerated().map { ($1, Double($0)) })
        everything.numbers = [1, 2]
        everything.maybe = "NSKeyedArchiver"
        let node = GraphNode("$class")
        node.children = Self.spellings.map(GraphNode.init)
        let optionals = KeyedOptionals(nickname: "$nil", answer: .some(.none), scores: [1, nil], friend: KeyedFriend())
        let root: [Any] = [everything, node, optionals, Self.spellings, Self.spellings.reversed() as [String]]
        try expectSameBytesAsTree(root)
    }

    @Test func keysComeAfterTheStringsSpelledLikeThem() throws {
        // Here the strings are written before any object whose keys spell them.
        let root: [Any] = [Self.spellings, GraphNode("x"), KeyedOptionals(answer: .some(.none))]
        try expectSameBytesAsTree(root)
    }

    @Test(arguments: [0, 1, 7, 300])
    func manyDistinctStrings(_ count: Int) throws {
        let words = (0..<count).map { "word \($0) \u{E9}" } + (0..<count).map { "w\($0)" }
        try expectSameBytesAsTree(words + words)
    }
}
