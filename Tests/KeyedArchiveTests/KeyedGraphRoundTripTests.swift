import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// Object identity survives a keyed archive: shared instances stay shared, cycles stay cycles.
@Suite struct KeyedGraphRoundTripTests {
    private func roundTrip<T>(_ value: T, allowing types: [any AutoCodable.Type] = []) throws -> T {
        let data = try KeyedArchiver().archive(value)
        return try KeyedUnarchiver(allowing: types).unarchive(T.self, from: data)
    }

    @Test func sharedInstanceIsWrittenOnceAndRestoredAsOne() throws {
        let shared = GraphNode("shared")
        let root = GraphNode("root")
        root.children = [shared, GraphNode("other"), shared]
        root.next = shared
        let plist = try KeyedArchiver().archivedPropertyList(root)
        let objects = try #require(plist.dictionaryValue?["$objects"]?.arrayValue)
        let labels = objects.filter { $0 == .string("shared") }
        #expect(labels.count == 1)
        let copy = try roundTrip(root)
        #expect(copy.children.count == 3)
        #expect(copy.children[0] === copy.children[2])
        #expect(copy.next === copy.children[0])
        #expect(copy.children[0] !== copy.children[1])
        #expect(copy.children[1].label == "other")
    }

    @Test func selfReferenceRoundTrips() throws {
        let node = GraphNode("me")
        node.next = node
        defer { node.next = nil }
        let copy = try roundTrip(node)
        defer { copy.next = nil }
        #expect(copy.next === copy)
        #expect(copy.label == "me")
    }

    @Test func ringOfNodesRoundTrips() throws {
        let nodes = (0..<5).map { GraphNode("n\($0)") }
        for index in nodes.indices { nodes[index].next = nodes[(index + 1) % nodes.count] }
        defer { nodes.forEach { $0.next = nil } }
        let copy = try roundTrip(nodes[0])
        var cursor = copy
        var seen: [String] = []
        for _ in 0..<5 {
            seen.append(cursor.label)
            cursor = try #require(cursor.next)
        }
        #expect(seen == ["n0", "n1", "n2", "n3", "n4"])
        #expect(cursor === copy)
        var breaker: GraphNode? = copy
        for _ in 0..<5 { let next = breaker?.next; breaker?.next = nil; breaker = next }
    }

    @Test func parentAndChildrenPointAtEachOther() throws {
        let parent = GraphParent()
        parent.name = "p"
        for index in 0..<3 {
            let child = GraphChild()
            child.name = "c\(index)"
            child.parent = parent
            child.position = GraphPoint(x: Double(index), y: -1)
            parent.children.append(child)
        }
        defer { parent.children = [] }
        let copy = try roundTrip(parent, allowing: [GraphChild.self, GraphPoint.self])
        defer { copy.children = [] }
        #expect(copy.children.map(\.name) == ["c0", "c1", "c2"])
        #expect(copy.children.allSatisfy { $0.parent === copy })
        #expect(copy.children[2].position == GraphPoint(x: 2, y: -1))
    }

    @Test func structsAreWrittenAtEachOccurrence() throws {
        let child = GraphChild()
        child.position = GraphPoint(x: 1, y: 2)
        let twin = GraphChild()
        twin.position = GraphPoint(x: 1, y: 2)
        let parent = GraphParent()
        parent.children = [child, twin, child]
        let plist = try KeyedArchiver().archivedPropertyList(parent)
        let objects = try #require(plist.dictionaryValue?["$objects"]?.arrayValue)
        #expect(objects.filter { $0.dictionaryValue?["position"] != nil }.count == 2) // two instances
        #expect(objects.filter { $0.dictionaryValue?["x"] != nil }.count == 2) // one point per occurrence
        let copy = try roundTrip(parent, allowing: [GraphChild.self, GraphPoint.self])
        #expect(copy.children[0] === copy.children[2])
        #expect(copy.children[0] !== copy.children[1])
        #expect(copy.children[1].position == GraphPoint(x: 1, y: 2))
    }

    @Test func hooksRunAfterTheWholeGraphIsRead() throws {
        let first = GraphNode("first")
        let second = GraphNode("second")
        first.next = second
        second.next = first
        defer { second.next = nil }
        let copy = try roundTrip(first)
        let other = try #require(copy.next)
        defer { other.next = nil }
        // Each hook saw its neighbour complete, label included, whichever was read first.
        #expect(copy.labelOfNextSeenByHook == "second")
        #expect(other.labelOfNextSeenByHook == "first")
        #expect(copy.hookRuns == 1)
        #expect(other.hookRuns == 1)
    }

    @Test func hooksOfReferencedObjectsRunFirst() throws {
        // A diamond: root → a, b; a → shared; b → shared, and a deeper chain under shared.
        let shared = HookOrderNode()
        shared.children = [HookOrderNode(), HookOrderNode()]
        let a = HookOrderNode()
        a.children = [shared]
        let b = HookOrderNode()
        b.children = [shared]
        let root = HookOrderNode()
        root.children = [a, b]
        let copy = try roundTrip(root)
        var all: [HookOrderNode] = [copy]
        var index = 0
        while index < all.count {
            for child in all[index].children where !all.contains(where: { $0 === child }) { all.append(child) }
            index += 1
        }
        #expect(all.count == 6)
        #expect(all.allSatisfy { $0.hooked && $0.childrenHookedFirst })
    }

    @Test func everyPlainPropertyTypeRoundTrips() throws {
        let value = GraphEverything.sample()
        let copy = try roundTrip(value, allowing: [GraphPoint.self])
        #expect(copy.text == value.text)
        #expect(copy.count == value.count)
        #expect(copy.small == value.small)
        #expect(copy.big == value.big)
        #expect(copy.ratio == value.ratio)
        #expect(copy.single == value.single)
        #expect(copy.flag == value.flag)
        #expect(copy.when == value.when)
        #expect(copy.bytes == value.bytes)
        #expect(copy.link == value.link)
        #expect(copy.identifier == value.identifier)
        #expect(copy.words == value.words)
        #expect(copy.numbers == value.numbers)
        #expect(copy.table == value.table)
        #expect(copy.nested == value.nested)
        #expect(copy.maybe == value.maybe)
        #expect(copy.maybeNumber == nil)
        #expect(copy.color == .blue)
        #expect(copy.colors == [.green, .red])
        #expect(copy.points == value.points)
    }

    @Test func subclassesRoundTripWhereTheBaseClassIsDeclared() throws {
        let zoo = GraphZoo()
        let dog = GraphDog()
        dog.name = "Rex"
        dog.goodBoy = false
        let cat = GraphAnimal()
        cat.name = "Tom"
        zoo.animals = [dog, cat]
        zoo.star = dog
        let copy = try roundTrip(zoo, allowing: [GraphAnimal.self, GraphDog.self])
        let copiedDog = try #require(copy.animals[0] as? GraphDog)
        #expect(copiedDog.name == "Rex")
        #expect(copiedDog.goodBoy == false)
        #expect(copy.star === copiedDog)
        #expect(type(of: copy.animals[1]) == GraphAnimal.self)
    }

    @Test func xmlArchivesRoundTripToo() throws {
        let node = GraphNode("x")
        node.children = [GraphNode("y")]
        let data = try KeyedArchiver(outputFormat: .xml).archive(node)
        #expect(String(decoding: data.prefix(5), as: UTF8.self) == "<?xml")
        let copy = try KeyedUnarchiver().unarchive(GraphNode.self, from: data)
        #expect(copy.children.first?.label == "y")
    }

    @Test func longChainsStayWithinTheDefaultDepth() throws {
        let head = GraphNode("0")
        var tail = head
        for index in 1..<300 {
            let next = GraphNode("\(index)")
            tail.next = next
            tail = next
        }
        let copy = try roundTrip(head)
        var count = 0
        var cursor: GraphNode? = copy
        while let current = cursor {
            count += 1
            cursor = current.next
        }
        #expect(count == 300)
    }
}

extension GraphEverything {
    static func sample() -> GraphEverything {
        let value = GraphEverything()
        value.text = "héllo, wörld ✓"
        value.count = -42
        value.small = -7
        value.big = UInt64.max
        value.ratio = 0.1
        value.single = 1.5
        value.flag = true
        value.when = Date(timeIntervalSinceReferenceDate: 123_456.5)
        value.bytes = Data([0, 1, 2, 255])
        value.link = URL(string: "https://example.com/a?b=c")!
        value.identifier = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        value.words = ["a", "b", "a"]
        value.numbers = [1, 2, 3]
        value.table = ["pi": 3.14, "e": 2.71]
        value.nested = [[1], [], [2, 3]]
        value.maybe = "present"
        value.color = .blue
        value.colors = [.green, .red]
        value.points = [GraphPoint(x: 1, y: 2), GraphPoint(x: -1, y: 0.5)]
        return value
    }
}
