import Foundation
import PropertyList

/// Deterministic random property-list values for the XML codec tests.
///
/// Values stay within what XML carries exactly (no real32, NaN only as the canonical `.nan`,
/// text without characters XML forbids) so that a round trip must give back an equal value;
/// dates are whole seconds within years 1–9999 so that Foundation and plistlib read them too.
struct XMLTestValues {
    /// SplitMix64: small, fast and reproducible from a seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    var generator: Generator
    /// Whether UIDs may appear (Foundation's bridge cannot compare them).
    var includesUIDs: Bool

    init(seed: UInt64, includesUIDs: Bool = true) {
        generator = Generator(state: seed)
        self.includesUIDs = includesUIDs
    }

    static let strings: [String] = [
        "", " ", "plain", "  padded  ", "line\nbreak", "tab\tbed", "carriage\rreturn", "crlf\r\n",
        "<tag> & \"quotes\" 'apostrophes'", "]]>", "Zürich", "東京", "emoji 😀👨‍👩‍👧", "\u{10FFFF}", "&amp; literal",
        "a\u{7F}b", "\u{85}\u{2028}", String(repeating: "long ", count: 40),
    ]

    static let integers: [PropertyListInteger] = [
        0, 1, -1, 127, 128, 255, 256, -129, 65_535, 65_536, PropertyListInteger(Int64.max), PropertyListInteger(Int64.min),
        PropertyListInteger(UInt64.max), PropertyListInteger(UInt64(Int64.max) + 1), 4_294_967_296,
    ]

    static let reals: [Double] = [
        0, -0.0, 1, -1, 0.1, 1.0 / 3, .pi, 1e100, -1e-100, .greatestFiniteMagnitude, .leastNormalMagnitude,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), .infinity, -.infinity,
        .nan, 123456789012345680, 0.000001, 9007199254740994,
    ]

    mutating func integer() -> PropertyListInteger {
        if Bool.random(using: &generator) { return Self.integers.randomElement(using: &generator) ?? 0 }
        return PropertyListInteger(Int64(bitPattern: generator.next()) >> Int64.random(in: 0...62, using: &generator))
    }

    mutating func real() -> Double {
        if Bool.random(using: &generator) { return Self.reals.randomElement(using: &generator) ?? 0 }
        let candidate = Double(bitPattern: generator.next())
        return candidate.isNaN ? 0.5 : candidate
    }

    mutating func date() -> Date {
        let seconds = Int64.random(in: -63_113_904_000...252_423_993_599, using: &generator)
        return Date(timeIntervalSinceReferenceDate: Double(seconds))
    }

    mutating func string() -> String {
        if Int.random(in: 0..<3, using: &generator) > 0 { return Self.strings.randomElement(using: &generator) ?? "" }
        let scalars = (0..<Int.random(in: 0...20, using: &generator)).compactMap { _ -> Character? in
            let value = UInt32.random(in: 0x20...0x2FFFF, using: &generator)
            guard let scalar = Unicode.Scalar(value), value != 0xFFFE, value != 0xFFFF else { return nil }
            return Character(scalar)
        }
        return String(scalars)
    }

    /// A random value nested at most `depth` containers deep.
    mutating func value(depth: Int) -> PropertyListValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 10 : 8), using: &generator)
        switch choice {
        case 0: return .string(string())
        case 1: return .integer(integer())
        case 2: return .real(real())
        case 3: return .bool(Bool.random(using: &generator))
        case 4: return .date(date())
        case 5: return .data(Data((0..<Int.random(in: 0...90, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case 6: return includesUIDs ? .uid(UInt64.random(in: 0...UInt64(UInt32.max), using: &generator)) : .string(string())
        case 7: return .string(string())
        case 8:
            return .array((0..<Int.random(in: 0...6, using: &generator)).map { _ in value(depth: depth - 1) })
        default:
            var dictionary = PropertyListDictionary()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                dictionary[string()] = value(depth: depth - 1)
            }
            return .dictionary(dictionary)
        }
    }
}
