import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing
import TestSupport

/// A struct holding a `Codable`-only value of any depth, for keyed archives.
struct KeyedDeepFormula: AutoCodable, Sendable {
    var name = ""
    var expression = DeepExpression.number(0)
}

/// Keyed archives go through the engine's coders, so their values have the same depth rules as
/// AutoArchiver's: 10,000 levels fit any stack, past the limit a value is refused when written.
@Suite struct KeyedDeepValueTests {
    @Test func codableValuesTenThousandDeepRoundTripOnA512KiBThread() throws {
        var formula = KeyedDeepFormula(name: "deep", expression: .nested(10_000))
        defer { DeepExpression.dismantle(&formula.expression) }
        let lent = Lent(formula)
        defer { _ = lent.take() }
        let depth = try SmallStackThread.run { () throws -> Int in
            let archive = try KeyedArchiver().archive(lent.borrowed)
            var copy = try KeyedUnarchiver().unarchive(KeyedDeepFormula.self, from: archive)
            let depth = copy.expression.depth
            DeepExpression.dismantle(&copy.expression)
            return depth
        }
        #expect(depth == 10_000)
    }

    @Test func objectChainsDeeperThanTheLimitAreRefusedWhenArchived() throws {
        let limit = PropertyListReadingOptions.defaultMaximumDepth
        let head = GraphNode("0")
        var tail = head
        for index in 1...(limit + 10) {
            let next = GraphNode("\(index)")
            tail.next = next
            tail = next
        }
        defer {
            var cursor = head.next
            head.next = nil
            while let node = cursor {
                cursor = node.next
                node.next = nil
            }
        }
        let error = try #require(throws: KeyedArchiveError.self) { try KeyedArchiver().archive(head) }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.message.contains("GraphNode.next.next"))
    }
}
