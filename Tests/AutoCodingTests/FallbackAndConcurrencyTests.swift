import AutoCoding
import Foundation
import PropertyList
import Testing

/// A custom mirror that lists the stored properties in another order: the runtime layout and
/// `Mirror` disagree, so the plan must not trust its offsets.
struct Reordered: AutoCodable, CustomReflectable {
    var first = 1
    var second = "two"
    var customMirror: Mirror { Mirror(self, children: ["second": second, "first": first]) }
}

/// A custom mirror that hides a property.
struct Hiding: AutoCodable, CustomReflectable {
    var shown = 1
    var hidden = 2
    var customMirror: Mirror { Mirror(self, children: ["shown": shown]) }
}

struct FreshForConcurrency: AutoCodable, Equatable {
    var id = 0
    var names: [String] = []
    var child: FreshChild = FreshChild()
}

struct FreshChild: AutoCodable, Equatable {
    var value = 0.0
}

/// When `Mirror` disagrees with the runtime layout the engine encodes through `Mirror` and
/// refuses to write through unverified offsets; plans are built safely under concurrency.
@Suite struct FallbackAndConcurrencyTests {
    @Test func disagreeingLayoutFallsBackToMirrorForEncoding() throws {
        #expect(try AutoArchiver.layoutProblem(of: Reordered.self) != nil)
        var value = Reordered()
        value.first = 5
        let tree = try AutoArchiver.encodeTree(value)
        #expect(tree == ["$type": "Reordered", "first": 5, "second": "two"])
        #expect(try AutoArchiver.archive(value, format: .binary).isEmpty == false)
        #expect(try AutoArchiver.archive(value, format: .xml).isEmpty == false)
    }

    @Test func disagreeingLayoutIsNeverWrittenThrough() throws {
        let error = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.decode(Reordered.self, from: ["first": 9])
        }
        #expect(error.kind == .unverifiedLayout)
        #expect(error.description.hasPrefix("Reordered: Reordered cannot be restored"))
    }

    @Test func propertyMirrorDoesNotReportIsAnEncodeError() throws {
        #expect(try AutoArchiver.layoutProblem(of: Hiding.self) != nil)
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(Hiding()) }
        #expect(error.kind == .unverifiedLayout)
        #expect(error.pathDescription == "Hiding.hidden")
    }

    @Test func concurrentFirstUseBuildsOnePlanAndEveryArchiveAgrees() async throws {
        let results = try await withThrowingTaskGroup(of: PropertyListValue.self) { group in
            for index in 0..<16 {
                group.addTask {
                    var value = FreshForConcurrency()
                    value.id = 7
                    value.names = ["n"]
                    let data = try AutoArchiver.archive(value, format: index % 2 == 0 ? .binary : .xml)
                    let copy = try AutoArchiver.unarchive(FreshForConcurrency.self, from: data)
                    return try AutoArchiver.encodeTree(copy)
                }
            }
            var all: [PropertyListValue] = []
            for try await tree in group { all.append(tree) }
            return all
        }
        #expect(results.count == 16)
        #expect(Set(results).count == 1)
    }
}
