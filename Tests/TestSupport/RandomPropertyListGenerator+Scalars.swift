import Foundation
import PropertyList

extension RandomPropertyListGenerator {
    /// Seconds from 2001-01-01 to 0001-01-01T00:00:00Z (proleptic Gregorian).
    static let firstWholeSecondOfYear1: Int = -63_113_904_000
    /// Seconds from 2001-01-01 to 9999-12-31T23:59:59Z.
    static let lastWholeSecondOfYear9999: Int = 252_423_993_599

    /// Text fragments strings are made of; each is one character or a short run.
    static let commonFragments: [String] = [
        "a", "b", "z", "A", "Q", "0", "7", " ", "_", "-", ".", "/", "key", "name", "Hello",
        "<", ">", "&", "\"", "'", "]]>", "&amp;", "<!--", "\t", "\n", "é", "ß", "Ω", "ж", "中", "文",
        "\u{00A0}", "\u{2028}", "\u{FEFF}", "€", "😀", "👍🏽", "👨‍👩‍👧", "𝄞", "\u{10FFFF}", "\u{E000}",
    ]
    /// Fragments only binary lists carry: controls XML forbids or normalizes.
    static let binaryOnlyFragments: [String] = [
        "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\u{B}", "\u{C}", "\r", "\r\n", "\u{1B}", "\u{1F}", "\u{FFFE}", "\u{FFFF}",
    ]
    /// Combining marks: fine in values, kept out of keys, where Swift's canonical-equivalence
    /// comparison would merge keys that other implementations keep apart.
    static let combiningFragments: [String] = ["e\u{301}", "\u{301}", "n\u{303}", "\u{20DD}"]

    mutating func string(forKey: Bool) -> String {
        var fragments = Self.commonFragments
        if profile.characters == .any { fragments += Self.binaryOnlyFragments }
        if profile.characters == .xmlSafe && profile.xmlIncludesCarriageReturn { fragments += ["\r", "\r\n", "a\r"] }
        if !forKey { fragments += Self.combiningFragments }
        let length = random.chance(1, in: 10) ? 0 : random.inRange(1 ... (random.chance(1, in: 10) ? 40 : 10))
        var result = ""
        for _ in 0 ..< length { result += random.pick(fragments) }
        if !profile.stringsMayStartWithByteOrderMark {
            while result.unicodeScalars.first == "\u{FEFF}" { result.unicodeScalars.removeFirst() }
        }
        return result
    }

    mutating func integer() -> PropertyListInteger {
        switch random.below(8) {
        case 0: return PropertyListInteger(Int64(random.inRange(-2 ... 300)))
        case 1:
            let edges: [Int64] = [0, 1, -1, 127, 128, 255, 256, 32_767, 32_768, 65_535, 65_536, -128, -129,
                                  -32_768, -32_769, 2_147_483_647, 2_147_483_648, 4_294_967_295, 4_294_967_296,
                                  -2_147_483_648, -2_147_483_649, .max, .min, .max - 1, .min + 1]
            return PropertyListInteger(random.pick(edges))
        case 2: return PropertyListInteger(UInt64(Int64.max) + 1 + random.next() % (UInt64(Int64.max)))
        case 3: return PropertyListInteger(random.pick([UInt64.max, UInt64.max - 1, UInt64(Int64.max) + 1]))
        case 4: return PropertyListInteger(-Int64(random.inRange(1 ... Int(Int32.max))))
        default:
            // Every width: a random value of 1 to 64 significant bits, either sign.
            let bits = random.inRange(1 ... 63)
            let magnitude = Int64(truncatingIfNeeded: random.next() >> UInt64(64 - bits))
            return PropertyListInteger(random.chance(1, in: 3) ? -magnitude : magnitude)
        }
    }

    mutating func real() -> Double {
        var choices: [Double] = [0, 1, -1, 0.5, 0.1, 1e-300, 1e300, .pi, .nan, .infinity, -.infinity,
                                 .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                                 -.greatestFiniteMagnitude, Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), 9_007_199_254_740_991,
                                 123_456_789.125, 1e16, 1e-5, 1e-4]
        if profile.includesNegativeZero { choices.append(-0.0) }
        switch random.below(4) {
        case 0: return random.pick(choices)
        case 1: return Double(random.inRange(-1_000_000 ... 1_000_000)) / 64
        default:
            // Any bit pattern: normals, subnormals, NaN payloads and infinities alike.
            let value = Double(bitPattern: random.next())
            if value == 0 && value.sign == .minus && !profile.includesNegativeZero { return 0 }
            if value.isNaN && !profile.includesNaNPayloads { return .nan }
            return value
        }
    }

    mutating func real32() -> Float {
        var choices: [Float] = [0, 1, -1, 0.1, .nan, .infinity, -.infinity, .leastNonzeroMagnitude,
                                .greatestFiniteMagnitude, 16_777_215, Float(bitPattern: 0x007F_FFFF)]
        if profile.includesNegativeZero { choices.append(-0.0) }
        var value = random.chance(1, in: 2) ? random.pick(choices) : Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
        if value == 0 && value.sign == .minus && !profile.includesNegativeZero { value = 0 }
        if !value.isFinite && !profile.includesNonFiniteReal32 { value = 0.25 }
        return value
    }

    mutating func date() -> Date {
        switch profile.dates {
        case .wholeSecondsInYears1To9999:
            let seconds: Int
            switch random.below(4) {
            case 0: seconds = random.pick([Self.firstWholeSecondOfYear1, Self.lastWholeSecondOfYear9999, 0, -1,
                                            -978_307_200, -31_622_400, 1_000_000_000])
            case 1: seconds = random.inRange(-978_307_200 ... 1_500_000_000)
            default: seconds = random.inRange(Self.firstWholeSecondOfYear1 ... Self.lastWholeSecondOfYear9999)
            }
            return Date(timeIntervalSinceReferenceDate: TimeInterval(seconds))
        case .arbitrary:
            switch random.below(4) {
            case 0: return Date(timeIntervalSinceReferenceDate: Double(random.inRange(-2_000_000_000 ... 2_000_000_000)) / 1000)
            case 1: return Date(timeIntervalSinceReferenceDate: Double(random.inRange(-1_000_000_000 ... 1_000_000_000)))
            default:
                var seconds = Double(bitPattern: random.next())
                if seconds == 0 && seconds.sign == .minus && !profile.includesNegativeZero { seconds = 0 }
                return Date(timeIntervalSinceReferenceDate: seconds)
            }
        }
    }

    mutating func data() -> Data {
        let length = random.chance(1, in: 8) ? 0 : random.inRange(1 ... (random.chance(1, in: 20) ? 600 : 40))
        return Data(random.bytes(length))
    }

    mutating func uid() -> UInt64 {
        switch random.below(4) {
        case 0: return UInt64(random.below(256))
        case 1: return UInt64(random.below(70_000))
        case 2: return random.pick([0, 255, 256, 65_535, 65_536, UInt64(UInt32.max), UInt64(UInt32.max) + 1, .max])
        default: return random.next() >> UInt64(random.below(64))
        }
    }
}
