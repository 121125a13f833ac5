import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing
import TestSupport

/// Seeded random damage to valid archives: every outcome is a value or a KeyedArchiveError.
@Suite struct KeyedMutationTests {
    /// A graph using every shape: objects with sharing and a cycle, structs, collections, scalars.
    private static func sampleObjects() throws -> [PropertyListValue] {
        let parent = GraphParent()
        parent.name = "p"
        for index in 0..<2 {
            let child = GraphChild()
            child.name = "c\(index)"
            child.parent = parent
            child.position = GraphPoint(x: Double(index), y: 1)
            parent.children.append(child)
        }
        defer { parent.children = [] }
        let everything = GraphEverything.sample()
        let plist = try KeyedArchiver().archivedPropertyList([parent, everything] as [Any])
        return try #require(plist.dictionaryValue?["$objects"]?.arrayValue)
    }

    private static func damage(_ value: PropertyListValue, _ random: inout SeededRandom, count: Int) -> PropertyListValue {
        let replacements: [PropertyListValue] = [
            .uid(UInt64(random.below(count + 3))), .uid(0), .uid(UInt64.max), "text", 7, -1, 2.5, true, .data(Data([1, 2, 3])),
            .date(Date(timeIntervalSinceReferenceDate: 0)), [], [:], [.uid(1)], ["$class": .uid(UInt64(random.below(count)))],
        ]
        switch value {
        case .dictionary(var entries) where !entries.isEmpty && random.chance(3, in: 4):
            let position = random.below(entries.count)
            let key = entries[position].key
            if random.chance(1, in: 5) {
                entries.removeValue(forKey: key)
            } else {
                entries[key] = damage(entries[position].value, &random, count: count)
            }
            return .dictionary(entries)
        case .array(var elements) where !elements.isEmpty && random.chance(3, in: 4):
            let position = random.below(elements.count)
            elements[position] = damage(elements[position], &random, count: count)
            return .array(elements)
        default:
            return random.pick(replacements)
        }
    }

    @Test func damagedArchivesFailWithTypedErrorsOnly() throws {
        let objects = try Self.sampleObjects()
        var random = SeededRandom(seed: 0x4B45_5945_4400_0001)
        var failures = 0
        for _ in 0..<400 {
            var damaged = objects
            for _ in 0..<(1 + random.below(3)) {
                let position = 1 + random.below(damaged.count - 1)
                damaged[position] = Self.damage(damaged[position], &random, count: damaged.count)
            }
            let plist = HandMadeArchive.document(damaged)
            let unarchiver = KeyedUnarchiver(allowing: [GraphParent.self, GraphChild.self, GraphPoint.self, GraphEverything.self])
            do {
                _ = try unarchiver.unarchive([Any].self, fromPropertyList: plist)
            } catch is KeyedArchiveError {
                failures += 1
            }
            do {
                _ = try KeyedUnarchiver.graph(fromPropertyList: plist).treeDescription()
            } catch is KeyedArchiveError {
                failures += 1
            }
        }
        #expect(failures > 100) // the damage is real: most runs must be refused
    }
}
