/// An open-addressing table that uniques fixed-size scalars (integers, reals, dates, UIDs,
/// Booleans) to object numbers for the binary writer.
///
/// A key is a tag naming the scalar's type plus its 64 bits; reals and dates are keyed by bit
/// pattern, so `-0.0` and `0.0` stay distinct and every NaN payload is kept.
struct BinaryPropertyListScalarTable {
    /// The type of a scalar key.
    enum Tag: UInt8 {
        /// An integer in `Int64.min ... Int64.max` (bits are its two's complement).
        case integer
        /// An integer above `Int64.max`.
        case largeInteger
        case real
        case real32
        case date
        case uid
        case bool
    }

    private struct Entry {
        var bits: UInt64
        var tag: Tag
        var number: Int
    }

    private var entries: [Entry] = []
    /// Entry index per slot, -1 when empty; the count is a power of two.
    private var slots: [Int] = [Int](repeating: -1, count: 64)

    /// Returns the object number already assigned to the scalar, or records `number` for it and
    /// returns `nil`.
    mutating func existingNumber(tag: Tag, bits: UInt64, orInsert number: Int) -> Int? {
        let hash = Self.hash(tag: tag, bits: bits)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = slots[slot]
            if index < 0 { break }
            let entry = entries[index]
            if entry.bits == bits, entry.tag == tag { return entry.number }
            slot = (slot + 1) & mask
        }
        slots[slot] = entries.count
        entries.append(Entry(bits: bits, tag: tag, number: number))
        if entries.count * 2 > slots.count { grow() }
        return nil
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        let mask = capacity - 1
        var fresh = [Int](repeating: -1, count: capacity)
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: Self.hash(tag: entry.tag, bits: entry.bits)) & mask
            while fresh[slot] >= 0 { slot = (slot + 1) & mask }
            fresh[slot] = index
        }
        slots = fresh
    }

    private static func hash(tag: Tag, bits: UInt64) -> UInt64 {
        var hash = (bits ^ UInt64(tag.rawValue) << 59) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
        return hash
    }
}
