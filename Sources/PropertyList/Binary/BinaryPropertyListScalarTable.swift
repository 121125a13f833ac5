/// An open-addressing table that uniques fixed-size scalars (integers, reals, dates, UIDs,
/// Booleans) to object numbers for the binary writer.
///
/// A key is a tag naming the scalar's type plus its 64 bits; reals and dates are keyed by bit
/// pattern, so `-0.0` and `0.0` stay distinct and every NaN payload is kept.
struct BinaryPropertyListScalarTable: ~Copyable {
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

    struct Entry {
        var bits: UInt64
        var number: UInt32
        var tag: Tag
    }

    private var entries: GrowableBuffer<Entry>
    /// Entry index + 1 per slot, 0 when empty; the count is a power of two.
    private var slots: GrowableBuffer<UInt32>
    private var mask: Int

    /// A table with room for about `expectedCount` entries before it grows.
    init(expectedCount: Int = 0) {
        let size = InterningTableSize.forExpected(expectedCount)
        entries = GrowableBuffer<Entry>(capacity: size.entries)
        slots = GrowableBuffer<UInt32>(capacity: size.slots)
        mask = size.slots - 1
        slots.append(0, count: size.slots)
    }

    /// The number of distinct scalars recorded.
    var count: Int { entries.count }

    /// Whether an allocation failed.
    var failed: Bool { entries.failed || slots.failed }

    /// Returns the object number already assigned to the scalar, or records `number` for it and
    /// returns `nil`.
    @inline(__always)
    mutating func existingNumber(tag: Tag, bits: UInt64, orInsert number: Int) -> Int? {
        let hash = Self.hash(tag: tag, bits: bits)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            let entry = entries[Int(stored) - 1]
            if entry.bits == bits, entry.tag == tag { return Int(entry.number) }
            slot = (slot + 1) & mask
        }
        entries.append(Entry(bits: bits, number: UInt32(truncatingIfNeeded: number), tag: tag))
        slots[slot] = UInt32(truncatingIfNeeded: entries.count)
        if entries.count * 2 > slots.count { grow() }
        return nil
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        mask = capacity - 1
        slots.removeSuffix(from: 0)
        slots.append(0, count: capacity)
        for index in 0..<entries.count {
            let entry = entries[index]
            var slot = Int(truncatingIfNeeded: Self.hash(tag: entry.tag, bits: entry.bits)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(truncatingIfNeeded: index + 1)
        }
    }

    private static func hash(tag: Tag, bits: UInt64) -> UInt64 {
        var hash = (bits ^ UInt64(tag.rawValue) << 59) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
        return hash
    }
}
