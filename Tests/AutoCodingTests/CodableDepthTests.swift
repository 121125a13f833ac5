import AutoCoding
import Foundation
import PropertyList
import Testing
import TestSupport

/// A struct holding a `Codable`-only value of any depth.
struct DeepFormula: AutoCodable, Sendable {
    var name = ""
    var expression = DeepExpression.number(0)
}

/// `Codable` values nest through the engine's own `Encoder` and `Decoder`, one level per value: they
/// take time and memory in proportion to their depth, fit any stack, and past the limit are refused
/// with an error whose path names every level — whichever way the refusal happens.
@Suite struct CodableDepthTests {
    @Test func codableValuesTenThousandDeepRoundTripOnA512KiBThread() throws {
        var formula = DeepFormula(name: "deep", expression: .nested(10_000))
        defer { DeepExpression.dismantle(&formula.expression) }
        let lent = Lent(formula)
        defer { _ = lent.take() }
        let depth = try SmallStackThread.run { () throws -> Int in
            var copy = try AutoArchiver.unarchive(DeepFormula.self, from: AutoArchiver.archive(lent.borrowed, format: .binary))
            let depth = copy.expression.depth
            DeepExpression.dismantle(&copy.expression)
            return depth
        }
        #expect(depth == 10_000)
    }

    @Test func codableValuesDeeperThanTheLimitAreRefusedWhenWrittenNamingEveryLevel() throws {
        let limit = PropertyListReadingOptions.defaultMaximumDepth
        var formula = DeepFormula(name: "too deep", expression: .nested(limit + 500))
        defer { DeepExpression.dismantle(&formula.expression) }
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.archive(formula, format: .binary) }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.typeName == "DeepFormula")
        // Each level of the enum is two coding keys (the case and its `_0`).
        #expect(error.path.count >= limit)
        #expect(error.path.first == .property("expression"))
        #expect(error.path.dropFirst().prefix(2) == [.property("negate"), .property("_0")])
    }

    /// The reader's limit is met while the value's tree is read, before its `Decodable` code runs:
    /// the path ends at the property and the reason says where in the file.
    @Test func codableValuesDeeperThanTheReadersLimitAreRefusedNamingTheProperty() throws {
        var formula = DeepFormula(name: "deep", expression: .nested(2_000))
        defer { DeepExpression.dismantle(&formula.expression) }
        let archive = try AutoArchiver.archive(formula, format: .binary)
        let error = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(DeepFormula.self, from: archive, options: PropertyListReadingOptions(maximumDepth: 1_000))
        }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.path == [.property("expression")])
    }
}
