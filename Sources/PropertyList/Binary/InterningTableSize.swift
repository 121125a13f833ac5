/// How the binary writer's interning tables (strings and data, scalars) are sized: open addressing
/// over a power-of-two slot array kept at least twice as large as the entries.
enum InterningTableSize {
    /// The slots and the entry capacity for about `expectedCount` entries (at most 2^24 reserved,
    /// whatever the caller expects; the tables still grow past it).
    static func forExpected(_ expectedCount: Int) -> (slots: Int, entries: Int) {
        let expected = min(max(expectedCount, 0), 1 << 24)
        var slots = 512
        while slots < 2 * expected + 2 { slots *= 2 }
        return (slots, max(256, expected))
    }
}
