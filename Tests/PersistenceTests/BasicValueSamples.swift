import Foundation
import TestSupport
import Persistence

/// Seeded random ``BasicValue``s for round-trip and store tests.
enum BasicValueSamples {
    /// A random value; containers only above `depth` 3.
    static func random(_ random: inout SeededRandom, depth: Int) -> BasicValue {
        let kinds = depth >= 3 ? 7 : 9
        switch random.below(kinds) {
        case 0: return .string(String(decoding: (0 ..< random.below(12)).map { _ in UInt8(random.inRange(0x20 ... 0x7E)) }, as: UTF8.self))
        case 1: return .integer(Int(truncatingIfNeeded: random.next()))
        case 2: return .double(Double(random.inRange(-1_000_000 ... 1_000_000)) / 7)
        case 3: return .bool(random.chance(1, in: 2))
        case 4: return .date(Date(timeIntervalSinceReferenceDate: Double(random.inRange(-1_000_000_000 ... 1_000_000_000))))
        case 5: return .data(Data(random.bytes(random.below(40))))
        case 6: return .url(URL(string: "https://example.com/\(random.below(1000))") ?? URL(fileURLWithPath: "/"))
        case 7: return .array((0 ..< random.below(5)).map { _ in Self.random(&random, depth: depth + 1) })
        default:
            var entries: [String: BasicValue] = [:]
            for index in 0 ..< random.below(5) { entries["k\(index)"] = Self.random(&random, depth: depth + 1) }
            return .dictionary(entries)
        }
    }
}
