import Foundation
import PropertyList
import Testing
import TestSupport

/// The random trees behind the differential suites: reproducible, inside their profiles, and
/// varied enough that the suites exercise what they claim to.
@Suite struct DifferentialGeneratorTests {
    /// Every node of a tree, depth first.
    static func nodes(_ value: PropertyListValue) -> [PropertyListValue] {
        var result = [value]
        switch value {
        case .dictionary(let dictionary): for (_, element) in dictionary { result += nodes(element) }
        case .array(let elements): for element in elements { result += nodes(element) }
        default: break
        }
        return result
    }

    /// Every string and key of a tree.
    static func texts(_ value: PropertyListValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .dictionary(let dictionary): return dictionary.flatMap { [$0.key] + texts($0.value) }
        case .array(let elements): return elements.flatMap(texts)
        default: return []
        }
    }

    @Test func seededRandomMatchesTheSplitMix64Reference() {
        // Published SplitMix64 outputs for seed 0: the sequence is the same on every platform.
        var random = SeededRandom(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func sameSeedGivesSameTreesAndOtherSeedsDiffer() {
        let first = RandomPropertyListGenerator.trees(count: 50, seed: 42, profile: .binaryFull)
        let again = RandomPropertyListGenerator.trees(count: 50, seed: 42, profile: .binaryFull)
        let other = RandomPropertyListGenerator.trees(count: 50, seed: 43, profile: .binaryFull)
        #expect(first == again)
        #expect(first != other)
    }

    @Test func binaryFullTreesReachEveryKindOfEdge() {
        let all = RandomPropertyListGenerator.trees(count: 1_000, seed: 7, profile: .binaryFull).flatMap(Self.nodes)
        let reals = all.compactMap { if case .real(let number) = $0 { number } else { nil } }
        let integers = all.compactMap(\.integerValue)
        let texts = RandomPropertyListGenerator.trees(count: 1_000, seed: 7, profile: .binaryFull).flatMap(Self.texts)
        #expect(Set(all.map(\.typeName)) == ["dict", "array", "string", "int", "real", "bool", "date", "data", "uid"])
        #expect(all.contains { if case .real32 = $0 { true } else { false } })
        #expect(reals.contains { $0.isNaN } && reals.contains { $0 == .infinity } && reals.contains { $0 == -.infinity })
        #expect(reals.contains { $0 == 0 && $0.sign == .minus } && reals.contains { $0.isSubnormal })
        #expect(integers.contains(PropertyListInteger(Int64.min)) && integers.contains(PropertyListInteger(UInt64.max)))
        #expect(integers.contains { $0.int64Value == nil })
        #expect(texts.contains("") && texts.contains { $0.unicodeScalars.contains("\u{0}") })
        #expect(texts.contains { $0.unicodeScalars.contains { $0.value > 0xFFFF } })
        #expect(all.contains { $0.dataValue?.isEmpty == true } && all.contains { $0.dictionaryValue?.isEmpty == true })
        #expect(all.count > 20_000, "trees should not be trivially small: \(all.count) nodes")
    }

    @Test func xmlSafeTreesStayInsideWhatXMLHolds() {
        let trees = RandomPropertyListGenerator.trees(count: 1_000, seed: 8, profile: .xmlSafe)
        let all = trees.flatMap(Self.nodes)
        #expect(!all.contains { if case .uid = $0 { true } else if case .real32 = $0 { true } else { false } })
        let allowedControls: Set<UInt32> = [0x09, 0x0A]
        let scalars: [Unicode.Scalar] = trees.flatMap(Self.texts).flatMap { Array($0.unicodeScalars) }
        let forbidden = scalars.filter { (scalar: Unicode.Scalar) -> Bool in
            let code = scalar.value
            return (code < 0x20 && !allowedControls.contains(code)) || code == 0xFFFE || code == 0xFFFF
        }
        #expect(forbidden.isEmpty)
        for case .date(let date) in all {
            let seconds = date.timeIntervalSinceReferenceDate
            #expect(seconds.rounded() == seconds && seconds >= -63_113_904_000 && seconds <= 252_423_993_599)
        }
    }

    @Test func narrowedProfilesLeaveOutWhatTheirOracleCannotTake() {
        let python = RandomPropertyListGenerator.trees(count: 500, seed: 9, profile: .binaryFull.pythonSafe).flatMap(Self.nodes)
        #expect(!python.contains { ($0.doubleValue.map { $0 == 0 && $0.sign == .minus }) ?? false })
        #expect(python.contains { if case .uid = $0 { true } else { false } })
        let foundation = RandomPropertyListGenerator.trees(count: 500, seed: 9, profile: .binaryFull.foundationSafe)
            .flatMap(Self.nodes)
        #expect(!foundation.contains { if case .uid = $0 { true } else { false } })
        #expect(!foundation.contains { if case .real32(let number) = $0 { !number.isFinite } else { false } })
        #expect(!foundation.contains { if case .real(let number) = $0 { number.isNaN && number.bitPattern != Double.nan.bitPattern } else { false } })
    }
}
