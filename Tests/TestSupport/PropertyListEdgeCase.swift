import Foundation
import PropertyList

/// The named edge cases every codec and oracle pairing is checked with, beside the random trees.
///
/// Each case says which directions an oracle can take it in, and why not where it cannot, so a
/// test run never silently narrows coverage.
public struct PropertyListEdgeCase: Sendable, CustomStringConvertible {
    /// Who can carry the case, per format and direction.
    public struct Support: Sendable, Hashable {
        /// Whether the XML format can hold it (our XML writer and every XML reader).
        public var xml = true
        /// Whether Python's plistlib can write it (it reads everything in range).
        public var pythonWrites = true
        /// Whether Python's plistlib reads it exactly.
        public var pythonReads = true
        /// Whether Foundation's XML writer keeps it.
        public var foundationWritesXML = true
        /// Whether Foundation's object model holds it at all.
        public var foundation = true
        /// Creates full support.
        public init() {}
    }

    /// A short name for messages.
    public let name: String
    /// The value.
    public let value: PropertyListValue
    /// Which pairings apply.
    public let support: Support

    /// The name.
    public var description: String { name }

    init(_ name: String, _ value: PropertyListValue, _ adjust: (inout Support) -> Void = { _ in }) {
        self.name = name
        self.value = value
        var support = Support()
        adjust(&support)
        self.support = support
    }

    /// Every named case.
    public static let all: [PropertyListEdgeCase] = {
        func date(_ seconds: Double) -> PropertyListValue { .date(Date(timeIntervalSinceReferenceDate: seconds)) }
        var nested: PropertyListValue = "bottom"
        for level in 0 ..< 499 { nested = level % 2 == 0 ? [nested] : ["level": nested] }
        var manyKeys = PropertyListDictionary(minimumCapacity: 10_000)
        for number in 0 ..< 10_000 {
            manyKeys.updateValue(.integer(PropertyListInteger(Int64(number))), forKey: "key \(number)")
        }
        let manyElements = PropertyListValue.array((0 ..< 100_000).map { .integer(PropertyListInteger(Int64($0 % 1000))) })
        let megabyte = Data((0 ..< 1 << 20).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        return [
            PropertyListEdgeCase("Int64.min", [.integer(PropertyListInteger(Int64.min))]),
            PropertyListEdgeCase("Int64.max", [.integer(PropertyListInteger(Int64.max))]),
            PropertyListEdgeCase("UInt64.max", [.integer(PropertyListInteger(UInt64.max))]),
            // Foundation's XML writer prints -0.0 as 0.0; plistlib's writer would keep a lone -0.0.
            PropertyListEdgeCase("-0.0", [.real(-0.0)]) { $0.foundationWritesXML = false },
            PropertyListEdgeCase("0.0 beside -0.0", ["plus": .real(0.0), "minus": .real(-0.0)]) {
                // plistlib's writer shares one object for equal values, and 0.0 == -0.0.
                $0.pythonWrites = false
                $0.foundationWritesXML = false
            },
            PropertyListEdgeCase("NaN", [.real(.nan)]),
            PropertyListEdgeCase("+infinity", [.real(.infinity)]),
            PropertyListEdgeCase("-infinity", [.real(-.infinity)]),
            PropertyListEdgeCase("smallest subnormal", [.real(.leastNonzeroMagnitude)]),
            PropertyListEdgeCase("largest subnormal", [.real(Double(bitPattern: 0x000F_FFFF_FFFF_FFFF))]),
            PropertyListEdgeCase("greatest finite", [.real(.greatestFiniteMagnitude)]),
            PropertyListEdgeCase("date 1969-07-20 20:17:40", [date(-992_490_140)]),
            PropertyListEdgeCase("date 0001-01-01", [date(-63_113_904_000)]),
            PropertyListEdgeCase("date 9999-12-31 23:59:59", [date(252_423_993_599)]),
            PropertyListEdgeCase("date with fraction before 2001", [date(-0.125)]) {
                // Our XML keeps the fraction in an attribute that Foundation's and plistlib's XML
                // readers ignore: they read the whole second below. plistlib's datetime keeps
                // microseconds (0.125 is exact), so binary carries it.
                $0.xml = false
            },
            PropertyListEdgeCase("date far beyond year 9999", [date(1e15)]) {
                // Python's datetime stops at year 9999, and plistlib reads four-digit years only.
                $0.xml = false
                $0.pythonWrites = false
                $0.pythonReads = false
            },
            PropertyListEdgeCase("empty data", [.data(Data())]),
            PropertyListEdgeCase("1 MB data", [.data(megabyte)]),
            PropertyListEdgeCase("empty string", [""]),
            PropertyListEdgeCase("non-ASCII string", ["Grüße, 世界, ¿qué tal? Ωmega"]),
            PropertyListEdgeCase("emoji and non-BMP", ["😀👍🏽👨‍👩‍👧 𝄞 \u{10FFFF}"]),
            PropertyListEdgeCase("string with NUL", ["before\u{0}after"]) {
                // XML 1.0 cannot hold U+0000 in any form; plistlib's XML writer refuses it too.
                $0.xml = false
            },
            PropertyListEdgeCase("XML specials", ["<a href=\"x\">&amp; ]]> 'q'</a>"]),
            PropertyListEdgeCase("depth 500", nested),
            PropertyListEdgeCase("10,000-key dictionary", .dictionary(manyKeys)),
            PropertyListEdgeCase("100,000-element array", manyElements),
        ]
    }()

    /// Cases that only binary lists and the binary oracles carry.
    public static let binaryOnly: [PropertyListEdgeCase] = [
        // Foundation's object model has no UID.
        PropertyListEdgeCase("UID 0", [.uid(0)]) { $0.foundation = false },
        PropertyListEdgeCase("UID UInt32.max + 1", [.uid(UInt64(UInt32.max) + 1)]) { $0.foundation = false },
        PropertyListEdgeCase("UID UInt64.max", [.uid(.max)]) { $0.foundation = false },
        PropertyListEdgeCase("real32 values", [.real32(1.5), .real32(-0.0), .real32(.leastNonzeroMagnitude),
                                               .real32(.greatestFiniteMagnitude)]),
        // CoreFoundation swaps a 32-bit NaN or infinity for its shared 64-bit constant.
        PropertyListEdgeCase("real32 non-finite", [.real32(.nan), .real32(.infinity), .real32(-.infinity)]) {
            $0.foundation = false
        },
    ]
}
