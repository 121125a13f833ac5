import Foundation
import PropertyList
import Testing

/// The content comparison behind `archivist diff` and ArchivistTesting's value mismatches.
@Suite struct PropertyListComparisonTests {
    @Test func equalTreesHaveNoChangesWhateverTheKeyOrder() {
        let left: PropertyListValue = ["a": 1, "b": ["x", 2.5], "c": ["d": true]]
        let right: PropertyListValue = ["c": ["d": true], "b": ["x", 2.5], "a": 1]
        #expect(PropertyListComparison.changes(from: left, to: right).isEmpty)
    }

    @Test func changesComeInDocumentOrderWithTheirKind() {
        let left: PropertyListValue = ["lines": [["qty": 2], ["qty": 1]], "note": "x", "n": 1]
        let right: PropertyListValue = ["lines": [["qty": 3]], "n": "1", "gift": true]
        let changes = PropertyListComparison.changes(from: left, to: right)
        #expect(changes.map { $0.line(root: "Order") } == [
            "Order.lines[0].qty: 2 → 3",
            "Order.lines[1]: removed dict (1)",
            "Order.note: removed string \"x\"",
            "Order.n: int 1 → string \"1\"",
            "Order.gift: added bool true",
        ])
        #expect(changes.map(\.kind) == [.changed, .removed, .removed, .retyped, .added])
        #expect(changes[0].path == [.key("lines"), .index(0), .key("qty")])
    }

    @Test func keysThatAreNotIdentifiersAreQuotedAndTheLimitIsKept() {
        let changes = PropertyListComparison.changes(from: ["a b": 1, "c": 1], to: ["a b": 2, "c": 2], limit: 1)
        #expect(changes.map(\.description) == ["root[\"a b\"]: 1 → 2"])
    }

    @Test func realsOfEitherWidthCompareByNumber() {
        #expect(PropertyListComparison.changes(from: .real32(1.5), to: .real(1.5)).isEmpty)
        #expect(PropertyListComparison.changes(from: .real32(1.5), to: .real(1.25)).map(\.description)
                == ["root: real32 1.5 → real 1.25"])
        #expect(PropertyListComparison.changes(from: .real(-0.0), to: .real(0.0)).count == 1)
    }

    @Test func deepTreesAreComparedWithoutRecursion() {
        var left = PropertyListValue.integer(1)
        var right = PropertyListValue.integer(2)
        for _ in 0..<100_000 {
            left = .array([left])
            right = .array([right])
        }
        let changes = PropertyListComparison.changes(from: left, to: right)
        #expect(changes.count == 1)
        #expect(changes.first?.path.count == 100_000)
        PropertyListValue.release(consume left)
        PropertyListValue.release(consume right)
    }
}
