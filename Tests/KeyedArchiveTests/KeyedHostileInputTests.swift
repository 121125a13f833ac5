import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing
import TestSupport

/// Counts the instances made, to check that a refused archive made none.
final class CountedInstance: AutoCodable {
    nonisolated(unsafe) static var made = 0
    var name = ""
    required init() { Self.made += 1 }
}

/// A parent in a parent ↔ child cycle that counts its live instances.
final class CycleParent: AutoCodable {
    nonisolated(unsafe) static var live = 0
    var children: [CycleChild] = []
    var score = 0
    required init() { Self.live += 1 }
    deinit { Self.live -= 1 }
}

/// The child, whose `parent` refers back.
final class CycleChild: AutoCodable {
    nonisolated(unsafe) static var live = 0
    var parent: CycleParent?
    required init() { Self.live += 1 }
    deinit { Self.live -= 1 }
}

/// Hostile keyed archives: each is refused with a typed error in time proportional to its size,
/// or read with what it shares shared.
@Suite(.serialized) struct KeyedHostileInputTests {
    /// `$null`, then `levels` NSArrays each holding the next one twice (the last holds a string),
    /// then the NSArray class description: 2^levels strings once expanded.
    static func doublingArrays(levels: Int, className: String = "NSArray") -> Data {
        var objects: [PropertyListValue] = ["$null"]
        let classIndex = UInt64(levels + 2)
        for level in 0..<levels {
            let next = UInt64(level + 2)
            objects.append(["$class": .uid(classIndex), "NS.objects": [.uid(next), .uid(next)]])
        }
        objects.append("leaf")
        objects.append(HandMadeArchive.classDescription(className, [className, "NSObject"]))
        return (try? HandMadeArchive.data(HandMadeArchive.document(objects))) ?? Data()
    }

    /// The same with NSDictionaries: each holds the next under two keys.
    static func doublingDictionaries(levels: Int) -> Data {
        var objects: [PropertyListValue] = ["$null", "a", "b"]
        let first = 3
        let classIndex = UInt64(first + levels + 1)
        for level in 0..<levels {
            let next = UInt64(first + level + 1)
            objects.append(["$class": .uid(classIndex), "NS.keys": [.uid(1), .uid(2)], "NS.objects": [.uid(next), .uid(next)]])
        }
        objects.append("leaf")
        objects.append(HandMadeArchive.classDescription("NSDictionary"))
        return (try? HandMadeArchive.data(HandMadeArchive.document(objects, root: UInt64(first)))) ?? Data()
    }

    private static func isExpansionError(_ error: any Error) -> Bool {
        (error as? KeyedArchiveError)?.kind == .expansionLimitExceeded
    }

    @Test(arguments: ["NSArray", "NSSet"])
    func sharedCollectionsThatDoubleAtEveryLevelAreRefusedByTheGraphReader(_ className: String) throws {
        let data = Self.doublingArrays(levels: 64, className: className)
        #expect(data.count < 4096)
        let error = try #require(throws: KeyedArchiveError.self) { try KeyedUnarchiver.graph(from: data) }
        #expect(error.kind == .expansionLimitExceeded)
        #expect(error.message.contains("bytes of input"))
    }

    @Test func sharedDictionariesThatDoubleAreRefusedByTheGraphReader() throws {
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.graph(from: Self.doublingDictionaries(levels: 64))
        }
        #expect(error.kind == .expansionLimitExceeded)
    }

    @Test func sharedCollectionsThatDoubleAreRefusedWhenReadAsAny() throws {
        let arrays = Self.doublingArrays(levels: 64)
        for read in [{ _ = try KeyedUnarchiver().unarchive(Any.self, from: arrays) },
                     { _ = try KeyedUnarchiver().unarchive([Any].self, from: arrays) },
                     { _ = try KeyedUnarchiver().unarchive([[[String]]].self, from: Self.doublingArrays(levels: 3)) == [] },
                     { _ = try KeyedUnarchiver().unarchive([String: Any].self, from: Self.doublingDictionaries(levels: 64)) }] {
            do {
                try read()
                // Only the three-level typed read may succeed: it expands to 8 strings.
            } catch {
                #expect(Self.isExpansionError(error), "\(error)")
            }
        }
        let typed = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver().unarchive([[[[[[[[[[[[[[[[[[[[String]]]]]]]]]]]]]]]]]]]].self,
                                             from: Self.doublingArrays(levels: 20))
        }
        #expect(typed.kind == .expansionLimitExceeded)
    }

    @Test func aCollectionSharedWithinTheLimitIsReadOnceAndShared() throws {
        let graph = try KeyedUnarchiver.graph(from: Self.doublingArrays(levels: 10))
        var value = graph.root
        var depth = 0
        while case .array(let elements) = value {
            #expect(elements.count == 2)
            #expect(elements[0] == elements[1])
            value = elements[0]
            depth += 1
        }
        #expect(depth == 10)
        #expect(value == .string("leaf"))
        let any = try KeyedUnarchiver().unarchive([Any].self, from: Self.doublingArrays(levels: 10))
        #expect(any.count == 2)
    }

    @Test func theTreeOfALongChainOfObjectsPrintsWithoutRecursionAndWithBoundedIndentation() throws {
        // 200,000 objects, each the next one's parent, built as a graph directly.
        let count = 200_000
        var objects: [Int: KeyedObject] = [:]
        for index in 1...count {
            let fields: [(key: String, value: KeyedValue)] = index < count ? [("next", .object(index + 1))] : [("end", .bool(true))]
            objects[index] = KeyedObject(index: index, className: "Link", classes: ["Link", "NSObject"], fields: fields)
        }
        let text = KeyedArchiveGraph(root: .object(1), objects: objects).treeDescription()
        let lines = text.split(separator: "\n")
        #expect(lines.count == count + 2)
        // Indentation stops at 32 levels: the text grows with the chain, not with its square.
        #expect(text.utf8.count < count * 120)
        #expect(lines.last?.contains("(level \(count)) \"end\": bool true") == true)
    }

    /// A parent whose child refers back to it, then `score` (object 5).
    private static func cycleArchive(score: PropertyListValue) throws -> Data {
        let objects: [PropertyListValue] = [
            "$null",
            ["$class": .uid(2), "children": .uid(3), "score": .uid(5)],
            HandMadeArchive.classDescription("CycleParent"),
            ["$class": .uid(6), "NS.objects": [.uid(4)]],
            ["$class": .uid(7), "parent": .uid(1)],
            score,
            HandMadeArchive.classDescription("NSArray"),
            HandMadeArchive.classDescription("CycleChild"),
        ]
        return try HandMadeArchive.data(HandMadeArchive.document(objects))
    }

    @Test func aFailedReadOfACyclicGraphFreesTheInstancesItMade() throws {
        let unarchiver = KeyedUnarchiver(allowing: [CycleParent.self, CycleChild.self])
        // The control: read whole, the cycle is the caller's (cut here, then everything is freed).
        do {
            let parent = try unarchiver.unarchive(CycleParent.self, from: Self.cycleArchive(score: 7))
            #expect(parent.score == 7)
            #expect(parent.children.first?.parent === parent)
            #expect(CycleParent.live == 1 && CycleChild.live == 1)
            parent.children = []
        }
        #expect(CycleParent.live == 0 && CycleChild.live == 0)
        // `score` is a string: the read fails after the cycle was formed, and frees it.
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver.unarchive(CycleParent.self, from: Self.cycleArchive(score: "seven"))
        }
        #expect(error.kind == .typeMismatch)
        #expect(CycleParent.live == 0)
        #expect(CycleChild.live == 0)
    }

    @Test func aDisallowedClassAnywhereInTheArchiveIsRefusedBeforeAnyInstanceIsMade() throws {
        // Object 1: an allowed CountedInstance whose `name` is object 3, a disallowed class's instance.
        let objects: [PropertyListValue] = [
            "$null",
            ["$class": .uid(2), "name": .uid(3)],
            HandMadeArchive.classDescription("CountedInstance"),
            ["$class": .uid(4)],
            HandMadeArchive.classDescription("Intruder"),
        ]
        CountedInstance.made = 0
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(allowing: [CountedInstance.self])
                .unarchive(CountedInstance.self, from: HandMadeArchive.data(HandMadeArchive.document(objects)))
        }
        #expect(error.kind == .disallowedClass)
        #expect(error.objectIndex == 3)
        #expect(CountedInstance.made == 0)
    }

    @Test func nsNullReadFromFoundationArchivesAndReadsBack() throws {
        let source: NSDictionary = ["null": NSNull(), "list": NSArray(array: [NSNull(), "x"]), "text": "t"]
        let foundation = try NSKeyedArchiver.archivedData(withRootObject: source, requiringSecureCoding: false)
        let read = try KeyedUnarchiver().unarchive([String: Any].self, from: foundation)
        let again = try KeyedArchiver().archive(read)
        let back = try KeyedUnarchiver().unarchive([String: Any].self, from: again)
        #expect(back["text"] as? String == "t")
        #expect(back.keys.sorted() == ["list", "null", "text"])
        let list = try #require(back["list"] as? [Any])
        #expect(list.count == 2)
        // Foundation reads what we wrote, NSNull included.
        let classes: [AnyClass] = [NSDictionary.self, NSArray.self, NSString.self, NSNull.self]
        let foundationBack = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClasses: classes, from: again) as? NSDictionary)
        #expect(foundationBack["null"] is NSNull)
        #expect((foundationBack["list"] as? NSArray)?.firstObject is NSNull)
        // And the graph shows it as null.
        let graph = try KeyedUnarchiver.graph(from: again)
        guard case .dictionary(let entries) = graph.root else { Issue.record("root is \(graph.root)"); return }
        #expect(entries.contains { $0.key == .string("null") && $0.value == .null })
    }
}

extension KeyedHostileInputTests {
    @Test func aGraphOfCollectionsNestedAHundredThousandDeepIsReadPrintedAndFreedOnASmallStack() throws {
        var objects: [PropertyListValue] = ["$null"]
        let levels = 100_000
        let classIndex = UInt64(levels + 2)
        for level in 0..<levels { objects.append(["$class": .uid(classIndex), "NS.objects": [.uid(UInt64(level + 2))]]) }
        objects.append("leaf")
        objects.append(HandMadeArchive.classDescription("NSArray"))
        let data = try HandMadeArchive.data(HandMadeArchive.document(objects))
        let lines = try SmallStackThread.run { () -> Int in
            let graph = try KeyedUnarchiver.graph(from: data)
            let count = graph.treeDescription().split(separator: "\n").count
            KeyedArchiveGraph.release(consume graph)
            return count
        }
        #expect(lines == levels + 2)
    }
}
