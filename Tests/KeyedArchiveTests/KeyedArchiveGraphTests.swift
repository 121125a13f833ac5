import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// Archives read without Swift types, and their printed form.
@Suite struct KeyedArchiveGraphTests {
    @Test func ourGraphsReadAsObjectsWithSharedIndexes() throws {
        let shared = GraphNode("shared")
        let root = GraphNode("root")
        root.children = [shared, shared]
        root.next = root
        defer { root.next = nil }
        let graph = try KeyedUnarchiver.graph(from: KeyedArchiver().archive(root))
        guard case .object(let rootIndex) = graph.root, let object = graph.objects[rootIndex] else {
            Issue.record("root is \(graph.root)")
            return
        }
        #expect(object.className == "GraphNode")
        #expect(object.classes == ["GraphNode", "NSObject"])
        #expect(object["next"] == .object(rootIndex))
        guard case .array(let children)? = object["children"], case .object(let child) = children[0] else {
            Issue.record("children are \(String(describing: object["children"]))")
            return
        }
        #expect(children == [.object(child), .object(child)])
        #expect(graph.objects[child]?["label"] == .string("shared"))
        #expect(graph.referenceCounts() == [rootIndex: 2, child: 2])
    }

    @Test func treeDescriptionMarksSharingAndCycles() throws {
        let node = GraphNode("loop")
        node.next = node
        defer { node.next = nil }
        let text = try KeyedUnarchiver.graph(from: KeyedArchiver().archive([node, node])).treeDescription()
        #expect(text == """
            keyed archive (NSKeyedArchiver), 1 custom object
            root: array (2)
              [0] #2 GraphNode (shared: 3 references)
                "label": string "loop"
                "next": ↻ #2 GraphNode (back-reference)
                "children": array (0)
              [1] → #2 GraphNode (shared, shown above)

            """)
    }

    @Test func isKeyedArchiveLooksAtTheArchiverKey() throws {
        #expect(KeyedUnarchiver.isKeyedArchive(try KeyedArchiver().archivedPropertyList("x")))
        #expect(!KeyedUnarchiver.isKeyedArchive(["$archiver": "NSArchiver"]))
        #expect(!KeyedUnarchiver.isKeyedArchive(["a", "b"]))
    }
}
