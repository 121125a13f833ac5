import Foundation

/// An open-addressing table that uniques byte strings (string UTF-8, data payloads) to object
/// numbers for the binary writer.
///
/// Keys are compared byte for byte: Swift's `String ==` treats canonically equivalent strings
/// (precomposed and decomposed "é") as equal, and uniquing with it would rewrite one spelling as
/// the other. Hashing raw bytes with a multiply–xorshift mix is also several times cheaper than
/// `Hasher`. A key whose bytes the document holds as they are (ASCII strings, data) is compared
/// with the document's own copy, so it is stored once; other strings (written as UTF-16) keep their
/// UTF-8 in an arena.
struct BinaryPropertyListByteTable: ~Copyable {
    struct Entry {
        var hash: UInt64
        /// Where the bytes are: in the document (`inDocument`) or in the arena.
        var start: UInt32
        var length: UInt32
        var number: UInt32
        var inDocument: Bool
    }

    private var entries: GrowableBuffer<Entry>
    /// Entry index + 1 per slot, 0 when empty; the count is a power of two.
    private var slots: GrowableBuffer<UInt32>
    private var mask: Int
    private var arena = ByteBuffer(initialCapacity: 1024)

    /// A table with room for about `expectedCount` entries before it grows.
    init(expectedCount: Int = 0) {
        let size = InterningTableSize.forExpected(expectedCount)
        entries = GrowableBuffer<Entry>(capacity: size.entries)
        slots = GrowableBuffer<UInt32>(capacity: size.slots)
        mask = size.slots - 1
        slots.append(0, count: size.slots)
    }

    /// Whether an allocation failed.
    var failed: Bool { entries.failed || slots.failed }

    /// The object number already assigned to `bytes` (whose ``hash(_:)`` is `hash`), looking in
    /// `document` for keys stored there.
    @inline(__always)
    func existingNumber(for bytes: UnsafeRawBufferPointer, hash: UInt64, in document: borrowing ByteBuffer) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            let entry = entries[Int(stored) - 1]
            if entry.hash == hash, Int(entry.length) == bytes.count,
               matches(entry, bytes, document) {
                return Int(entry.number)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Records `number` for `bytes`: found at `start` in the document when `documentOffset` is given,
    /// else copied into the arena.
    mutating func insert(_ bytes: UnsafeRawBufferPointer, hash: UInt64, number: Int, documentOffset: Int?) {
        guard let start = UInt32(exactly: documentOffset ?? arena.count), let length = UInt32(exactly: bytes.count),
              let objectNumber = UInt32(exactly: number) else { return }
        if documentOffset == nil { arena.append(contentsOf: bytes) }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        entries.append(Entry(hash: hash, start: start, length: length, number: objectNumber, inDocument: documentOffset != nil))
        slots[slot] = UInt32(truncatingIfNeeded: entries.count)
        if entries.count * 2 > slots.count { grow() }
    }

    @inline(__always)
    private func matches(_ entry: Entry, _ bytes: UnsafeRawBufferPointer, _ document: borrowing ByteBuffer) -> Bool {
        guard let source = bytes.baseAddress, entry.length > 0 else { return true }
        if entry.inDocument {
            return document.withUnsafeBytes { stored in
                guard let base = stored.baseAddress else { return false }
                return Self.equal(base + Int(entry.start), source, count: Int(entry.length))
            }
        }
        return arena.withUnsafeBytes { stored in
            guard let base = stored.baseAddress else { return false }
            return Self.equal(base + Int(entry.start), source, count: Int(entry.length))
        }
    }

    /// Whether the `count` (at least 1) bytes at `stored` and `other` are equal: up to 16 with two
    /// overlapping loads each (most keys are short, and a call to `memcmp` cost more than comparing
    /// them), more with `memcmp`.
    @inline(__always)
    private static func equal(_ stored: UnsafeRawPointer, _ other: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            guard count <= 16 else { return memcmp(stored, other, count) == 0 }
            return stored.loadUnaligned(as: UInt64.self) == other.loadUnaligned(as: UInt64.self)
                && stored.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                    == other.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return stored.loadUnaligned(as: UInt32.self) == other.loadUnaligned(as: UInt32.self)
                && stored.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                    == other.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        // 1–3 bytes: the first, the middle and the last.
        return stored.load(as: UInt8.self) == other.load(as: UInt8.self)
            && stored.load(fromByteOffset: count >> 1, as: UInt8.self) == other.load(fromByteOffset: count >> 1, as: UInt8.self)
            && stored.load(fromByteOffset: count &- 1, as: UInt8.self) == other.load(fromByteOffset: count &- 1, as: UInt8.self)
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        mask = capacity - 1
        slots.removeSuffix(from: 0)
        slots.append(0, count: capacity)
        for index in 0..<entries.count {
            var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(truncatingIfNeeded: index + 1)
        }
    }

    /// A fast 64-bit hash of `bytes` (not flooding-resistant; the writer hashes its caller's data).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier ^ 0x2436_F6A8_885A_308D
        guard let base = bytes.baseAddress else { return hash }
        let count = bytes.count
        var index = 0
        while index + 8 <= count {
            hash = (hash ^ base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            index += 8
        }
        if index < count {
            // The last 1–7 bytes in at most three loads: the final 8 bytes (overlapping what was
            // hashed) when there are that many, else two overlapping 4-byte loads or three bytes.
            let tail: UInt64
            if count >= 8 {
                tail = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            } else if count >= 4 {
                tail = UInt64(base.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
                    | UInt64(base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) << 32
            } else {
                tail = UInt64(base.load(fromByteOffset: 0, as: UInt8.self))
                    | UInt64(base.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
                    | UInt64(base.load(fromByteOffset: count &- 1, as: UInt8.self)) << 16
            }
            hash = (hash ^ tail) &* multiplier
        }
        hash ^= hash >> 32
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
        return hash
    }
}
