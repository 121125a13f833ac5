import Foundation
import KeyedArchive
import PropertyList
import Testing
import TestSupport

/// Random plain values through both archivers: ours read by Foundation, Foundation's read by us.
///
/// Numbers compare by value, not by kind: Foundation's NSKeyedArchiver uniques equal NSNumbers,
/// so `true` and `1`, or `1` and `1.0`, may come back as whichever it archived first.
@Suite struct KeyedRandomDifferentialTests {
    static let profile: RandomPropertyListGenerator.Profile = {
        var profile = RandomPropertyListGenerator.Profile.xmlSafe.foundationSafe
        profile.maximumDepth = 4
        return profile
    }()

    /// The Swift value our archiver is given for a tree (containers as `[Any]` / `[String: Any]`).
    static func swiftValue(_ value: PropertyListValue) -> Any {
        switch value {
        case .dictionary(let entries):
            var result: [String: Any] = [:]
            for (key, element) in entries { result[key] = swiftValue(element) }
            return result
        case .array(let elements): return elements.map(swiftValue)
        case .string(let string): return string
        case .integer(let integer): return integer.int64Value.map { Int($0) as Any } ?? integer.uint64Value ?? 0
        case .real(let real): return real
        case .real32(let real): return Double(real)
        case .bool(let bool): return bool
        case .date(let date): return date
        case .data(let data): return data
        case .uid(let uid): return uid
        }
    }

    static func number(_ value: PropertyListValue) -> Double? {
        switch value {
        case .integer(let integer): return integer.int64Value.map(Double.init) ?? integer.uint64Value.map(Double.init)
        case .real(let real): return real
        case .bool(let bool): return bool ? 1 : 0
        default: return nil
        }
    }

    static func same(_ lhs: PropertyListValue, _ rhs: PropertyListValue) -> Bool {
        if let left = number(lhs), let right = number(rhs) { return left == right || (left.isNaN && right.isNaN) }
        switch (lhs, rhs) {
        case (.dictionary(let left), .dictionary(let right)):
            return left.count == right.count && left.allSatisfy { entry in right[entry.key].map { same(entry.value, $0) } ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
        default:
            return lhs == rhs
        }
    }

    /// A graph value as the property-list value it stands for (plain values only).
    static func plist(_ value: KeyedValue) -> PropertyListValue? {
        switch value {
        case .string(let string): return .string(string)
        case .integer(let integer): return .integer(integer)
        case .real(let real): return .real(real)
        case .bool(let bool): return .bool(bool)
        case .date(let date): return .date(date)
        case .data(let data): return .data(data)
        case .array(let elements):
            var result: [PropertyListValue] = []
            for element in elements { guard let converted = plist(element) else { return nil }; result.append(converted) }
            return .array(result)
        case .dictionary(let entries):
            var result = PropertyListDictionary()
            for entry in entries {
                guard case .string(let key) = entry.key, let converted = plist(entry.value) else { return nil }
                result[key] = converted
            }
            return .dictionary(result)
        default:
            return nil
        }
    }

    static let trees = RandomPropertyListGenerator.trees(count: 60, seed: 0x4B45_5945_4400_00D1, profile: profile)

    @Test func foundationReadsOurArchivesOfRandomValues() throws {
        for (number, tree) in Self.trees.enumerated() {
            let data = try KeyedArchiver().archive(Self.swiftValue(tree))
            let object = try NSKeyedUnarchiver.unarchivedObject(ofClasses: KeyedFoundationInteropTests.valueClasses, from: data)
            let read = try #require(object.flatMap { PropertyListValue(foundationObject: $0) }, "tree \(number)")
            #expect(Self.same(read, tree), "tree \(number): \(read) vs \(tree)")
        }
    }

    @Test func weReadFoundationsArchivesOfRandomValues() throws {
        for (number, tree) in Self.trees.enumerated() {
            let data = try NSKeyedArchiver.archivedData(withRootObject: tree.foundationObject, requiringSecureCoding: false)
            let graph = try KeyedUnarchiver.graph(from: data)
            let read = try #require(Self.plist(graph.root), "tree \(number): \(graph.root)")
            #expect(Self.same(read, tree), "tree \(number): \(read) vs \(tree)")
        }
    }
}
