import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// Object chains and nested values up to the limit are read without
/// exhausting the stack, and beyond it refused.
@Suite struct KeyedDepthTests {
    /// `depth` arrays nested inside each other, as a keyed archive built by hand.
    private func nestedArrays(_ depth: Int) throws -> Data {
        var objects: [PropertyListValue] = ["$null", HandMadeArchive.classDescription("NSArray")]
        for level in 0..<depth {
            let inner: [PropertyListValue] = level + 1 < depth ? [.uid(UInt64(objects.count + 1))] : []
            objects.append(["$class": .uid(1), "NS.objects": .array(inner)])
        }
        return try HandMadeArchive.data(HandMadeArchive.document(objects, root: 2))
    }

    @Test func objectChainsOfTwoThousandObjectsRoundTrip() throws {
        let head = GraphNode("0")
        var tail = head
        for index in 1..<2_000 {
            let next = GraphNode("\(index)")
            tail.next = next
            tail = next
        }
        let copy = try KeyedUnarchiver().unarchive(GraphNode.self, from: KeyedArchiver().archive(head))
        var count = 0
        var cursor: GraphNode? = copy
        while let current = cursor { count += 1; cursor = current.next }
        #expect(count == 2_000)
    }

    @Test func nestedCollectionsAtTheLimitAreReadAndBeyondItRefused() throws {
        let limit = KeyedUnarchivingOptions(maximumDepth: 256)
        let atLimit = try nestedArrays(250)
        _ = try KeyedUnarchiver.graph(from: atLimit, options: limit)
        _ = try KeyedUnarchiver(options: limit).unarchive([Any].self, from: atLimit)
        let beyond = try nestedArrays(300)
        let graph = try #require(throws: KeyedArchiveError.self) { try KeyedUnarchiver.graph(from: beyond, options: limit) }
        #expect(graph.kind == .depthLimitExceeded)
        let typed = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(options: limit).unarchive([Any].self, from: beyond)
        }
        #expect(typed.kind == .depthLimitExceeded)
        // The default limit reads what the archiver writes.
        _ = try KeyedUnarchiver().unarchive([Any].self, from: beyond)
    }
}
