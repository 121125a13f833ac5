/// A small, fast, well-distributed generator (Steele, Lea & Flood's SplitMix64), chosen because
/// its output is fully specified, so documents are identical across platforms and runs.
struct SplitMix64 {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0); the tiny modulo bias is irrelevant for test data.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One of `choices` (not empty), uniformly.
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
