import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// What the unarchiver promises beyond round trips: weak references, unknown keys, existentials,
/// the root type's implicit permission.
@Suite struct KeyedUnarchiverTests {
    @Test func weakPropertiesAreRefusedWithATypedErrorNotACrash() throws {
        let parent = WeakParent()
        let child = WeakChild()
        child.parent = parent
        parent.children = [child]
        let error = try #require(throws: KeyedArchiveError.self) { try KeyedArchiver().archive(parent) }
        #expect(error.kind == .unsupportedType)
        #expect(error.message.contains("weak"))
        #expect(throws: AutoCodingError.self) { try AutoArchiver.archive(parent, format: .binary) }
    }

    @Test func transientWeakBackReferencesAreRebuiltByHooksAfterTheGraph() throws {
        let parent = LinkedParent()
        for name in ["a", "b"] {
            let child = LinkedChild()
            child.name = name
            child.parent = parent
            parent.children.append(child)
        }
        let data = try KeyedArchiver().archive(parent)
        let copy = try KeyedUnarchiver(allowing: [LinkedChild.self]).unarchive(LinkedParent.self, from: data)
        #expect(copy.children.map(\.name) == ["a", "b"])
        #expect(copy.children.allSatisfy { $0.parent === copy })
    }

    @Test func unknownKeysReachTheHookWithFoundationValuesRead() throws {
        var objects = HandMadeArchive.node(extra: [("legacyScore", 12), ("legacyName", .uid(3))])
        objects[3] = "n"
        let node = try KeyedUnarchiver().unarchive(UnknownKeyNode.self, from: HandMadeArchive.data(HandMadeArchive.document(
            objects.enumerated().map { $0.offset == 2 ? HandMadeArchive.classDescription("UnknownKeyNode") : $0.element })))
        #expect(node.label == "n")
        #expect(node.unknown == ["legacyScore": 12, "legacyName": "n"])
    }

    @Test func theRootTypeIsAllowedWithoutBeingListed() throws {
        let data = try KeyedArchiver().archive(GraphNode("solo"))
        #expect(try KeyedUnarchiver().unarchive(GraphNode.self, from: data).label == "solo")
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver().unarchive(GraphNode?.self, from: data)
        }
        #expect(error.kind == .disallowedClass)
        #expect(error.objectIndex == 1)
    }

    @Test func existentialPropertiesKeepTheirDynamicTypes() throws {
        let box = AnyBox()
        let node = GraphNode("inside")
        box.items = ["text", 3, 2.5, true, node, ["nested": 1] as [String: Int], GraphPoint(x: 1, y: 2)]
        box.other = node
        let copy = try KeyedUnarchiver(allowing: [GraphNode.self, GraphPoint.self])
            .unarchive(AnyBox.self, from: KeyedArchiver().archive(box))
        #expect(copy.items.count == 7)
        #expect(copy.items[0] as? String == "text")
        #expect(copy.items[1] as? Int == 3)
        #expect(copy.items[2] as? Double == 2.5)
        #expect(copy.items[3] as? Bool == true)
        let copiedNode = try #require(copy.items[4] as? GraphNode)
        #expect(copiedNode.label == "inside")
        #expect(copy.other as? GraphNode === copiedNode)
        #expect((copy.items[5] as? [String: Any])?["nested"] as? Int == 1)
        #expect(copy.items[6] as? GraphPoint == GraphPoint(x: 1, y: 2))
    }

    @Test func plainRootValuesRoundTrip() throws {
        let value: [String: [Date?]] = ["a": [Date(timeIntervalSinceReferenceDate: 5), nil]]
        let copy = try KeyedUnarchiver().unarchive([String: [Date?]].self, from: KeyedArchiver().archive(value))
        #expect(copy == value)
        #expect(try KeyedUnarchiver().unarchive(String?.self, from: KeyedArchiver().archive(String?.none)) == nil)
    }
}

/// Collects unknown keys.
final class UnknownKeyNode: AutoCodable {
    var label = ""
    var unknown = PropertyListDictionary()
    static let autoCodingTransientProperties: Set<String> = ["unknown"]
    required init() {}
    func autoCodingDidFindUnknownKeys(_ unknownEntries: PropertyListDictionary) {
        unknown = unknownEntries
    }
}

/// Properties of existential type.
final class AnyBox: AutoCodable {
    var items: [Any] = []
    var other: Any?
    required init() {}
}
