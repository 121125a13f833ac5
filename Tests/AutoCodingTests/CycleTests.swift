import AutoCoding
import Foundation
import PropertyList
import Testing

/// Plain archives are trees: a cycle is an error naming the path, never a stack overflow.
@Suite struct CycleTests {
    @Test func twoNodeCycleNamesThePath() throws {
        let first = Node()
        let second = Node()
        first.next = second
        second.next = first
        defer { second.next = nil }
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(first) }
        #expect(error.kind == .cycle)
        #expect(error.pathDescription == "Node.next.next")
    }

    @Test func selfReferenceIsACycle() throws {
        let node = Node()
        node.next = node
        defer { node.next = nil }
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(node) }
        #expect(error.pathDescription == "Node.next")
    }

    @Test func sharedButAcyclicObjectsAreArchivedTwice() throws {
        let shared = Person.sample(1)
        let first = Order.sample(1)
        let second = Order.sample(2)
        second.customer = shared
        first.customer = shared
        let company = Company(name: "c", people: [], orders: [first, second, first])
        let copy = try AutoArchiver.decode(Company.self, from: AutoArchiver.encodeTree(company))
        #expect(copy == company)
        #expect(copy.orders[0] !== copy.orders[2]) // identity is the keyed archive's job
    }

    @Test func longAcyclicChainsEncode() throws {
        let head = Node()
        var tail = head
        for value in 1..<200 {
            let next = Node()
            next.value = value
            tail.next = next
            tail = next
        }
        let copy = try AutoArchiver.decode(Node.self, from: AutoArchiver.encodeTree(head))
        var count = 0
        var cursor: Node? = copy
        while let current = cursor {
            #expect(current.value == count)
            count += 1
            cursor = current.next
        }
        #expect(count == 200)
    }
}
