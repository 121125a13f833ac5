import Foundation
import PropertyList

/// A seeded SplitMix64 generator, so random test inputs repeat from run to run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Inputs shared by the canonical JSON suites.
enum CanonicalJSONTestValues {
    /// Doubles that stress layout choices: exponent thresholds, extremes, subnormals, integers
    /// around 2^53, powers of ten and their neighbours, and many random bit patterns and
    /// magnitudes. No NaNs (their spelling is fixed).
    static func interestingDoubles(randomCount: Int, seed: UInt64) -> [Double] {
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 100, 1e15, 1e16, 1e17, 1e-4, 1e-5,
                                9_007_199_254_740_992, 9_007_199_254_740_994, 123_456_789_012_345_680, 1e22, 1e23,
                                .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                                -.greatestFiniteMagnitude, .infinity, -.infinity, .pi, 0.000123, 12345.678]
        for exponent in -30...30 {
            let power = Double("1e\(exponent)") ?? 0
            values += [power, power.nextUp, power.nextDown, 1.5 * power, -power]
        }
        var generator = SeededGenerator(seed: seed)
        for index in 0..<randomCount {
            let value: Double
            switch index % 3 {
            case 0: value = Double(bitPattern: generator.next())
            case 1: value = Double.random(in: -1...1, using: &generator) * pow(10, Double(Int.random(in: -320...308, using: &generator)))
            default: value = Double(Int64.random(in: -1_000_000...1_000_000, using: &generator)) / 1000
            }
            if !value.isNaN { values.append(value) }
        }
        return values
    }

    /// Strings that stress escaping: every C0 control, DEL, quotes, backslashes, non-BMP
    /// characters, combining marks, line separators.
    static let trickyStrings: [String] = [
        "", "plain", "\0", "a\0b", String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }),
        "\"quoted\"", "back\\slash", "\u{7F}", "é", "e\u{301}", "😀", "👩‍👩‍👧", "\u{2028}\u{2029}",
        "\u{FFFF}", "\u{10FFFF}", "tab\there", "line\nbreak\r\n", "/slash/", "\u{8}\u{C}", "日本語",
    ]

    /// A random value up to `depth` containers deep, using every type.
    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> PropertyListValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 11 : 9), using: &generator)
        switch choice {
        case 0: return .string(randomString(using: &generator))
        case 1: return .integer(PropertyListInteger(Int64(bitPattern: generator.next()) >> Int.random(in: 0...63, using: &generator)))
        case 2: return .integer(PropertyListInteger(UInt64.max - UInt64.random(in: 0...1000, using: &generator)))
        case 3: return .real(interestingDoubles(randomCount: 0, seed: 0).randomElement(using: &generator) ?? 0)
        case 4: return .real32(Float(bitPattern: UInt32.random(in: 0...0x7F7F_FFFF, using: &generator)))
        case 5: return .bool(Bool.random(using: &generator))
        case 6: return .date(Date(timeIntervalSinceReferenceDate: Double.random(in: -1e10...1e10, using: &generator)))
        case 7: return .data(Data((0..<Int.random(in: 0...20, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case 8: return .uid(UInt64.random(in: 0...UInt64.max, using: &generator))
        case 9:
            return .array((0..<Int.random(in: 0...5, using: &generator)).map { _ in randomValue(depth: depth - 1, using: &generator) })
        default:
            var dictionary = PropertyListDictionary()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                dictionary[randomString(using: &generator)] = randomValue(depth: depth - 1, using: &generator)
            }
            return .dictionary(dictionary)
        }
    }

    /// A short string of scalars drawn from ASCII, controls, Latin-1, combining marks, CJK and emoji.
    static func randomString(using generator: inout SeededGenerator) -> String {
        let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0x00...0x1F, 0xA0...0xFF, 0x300...0x36F, 0x4E00...0x4E80,
                                            0x1F600...0x1F64F, 0xFFF0...0xFFFF, 0x41...0x5A]
        var string = ""
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            let pool = pools[Int.random(in: 0..<pools.count, using: &generator)]
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) {
                string.unicodeScalars.append(scalar)
            }
        }
        return string
    }
}
