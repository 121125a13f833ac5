/// A deterministic random number generator (SplitMix64) for reproducible test data.
///
/// The same seed yields the same sequence on every platform and Swift version, unlike
/// `SystemRandomNumberGenerator`, so a failing generated case can be replayed from its seed alone.
/// The helpers below avoid the standard library's `random(in:using:)`, whose use of the generator
/// is not a documented, stable contract.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    ///
    /// - Parameter seed: Any value; nearby seeds give unrelated sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    ///
    /// - Returns: A uniformly distributed `UInt64`.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A value in `0 ..< bound`.
    ///
    /// - Parameter bound: The exclusive upper bound.
    /// - Returns: A value in `0 ..< bound`, or 0 when `bound` is not positive.
    public mutating func below(_ bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        // Multiply-high maps 64 random bits onto the range (Lemire): deterministic everywhere.
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A value in `range`.
    ///
    /// - Parameter range: A closed range of `Int`.
    /// - Returns: A value in `range`.
    public mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound)) &+ 1
        if width == 0 { return Int(truncatingIfNeeded: next()) }
        return range.lowerBound &+ Int(truncatingIfNeeded: next().multipliedFullWidth(by: width).high)
    }

    /// `true` with probability `numerator / denominator`.
    ///
    /// - Parameters:
    ///   - numerator: The favourable share.
    ///   - denominator: The whole.
    /// - Returns: Whether the event happened.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// One element of a non-empty array.
    ///
    /// - Parameter choices: The candidates.
    /// - Returns: One of them, uniformly.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// `count` random bytes.
    ///
    /// - Parameter count: How many bytes.
    /// - Returns: The bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        var word: UInt64 = 0
        for position in 0 ..< count {
            if position % 8 == 0 { word = next() }
            result.append(UInt8(truncatingIfNeeded: word >> (UInt64(position % 8) * 8)))
        }
        return result
    }
}
