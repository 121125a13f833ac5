import Foundation

/// An open-addressing table that uniques byte strings (string UTF-8, data payloads) to object
/// numbers for the binary writer.
///
/// Keys are compared byte for byte: Swift's `String ==` treats canonically equivalent strings
/// (precomposed and decomposed "é") as equal, and uniquing with it would rewrite one spelling as
/// the other. Hashing raw bytes with a multiply–xorshift mix is also several times cheaper than
/// `Hasher`. Keys are copied into one arena, so the table owns no per-key allocations.
struct BinaryPropertyListByteTable {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var length: Int
        var number: Int
    }

    private var entries: [Entry] = []
    /// Entry index per slot, -1 when empty; the count is a power of two.
    private var slots: [Int] = [Int](repeating: -1, count: 64)
    private var arena: [UInt8] = []

    /// Returns the object number already assigned to `bytes`, or records `number` for them and
    /// returns `nil`.
    mutating func existingNumber(for bytes: UnsafeRawBufferPointer, orInsert number: Int) -> Int? {
        existingNumber(for: bytes, hash: Self.hash(bytes), orInsert: number)
    }

    /// ``existingNumber(for:orInsert:)`` with the bytes' ``hash(_:)`` worked out beforehand.
    mutating func existingNumber(for bytes: UnsafeRawBufferPointer, hash: UInt64, orInsert number: Int) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = slots[slot]
            if index < 0 { break }
            let entry = entries[index]
            if entry.hash == hash, entry.length == bytes.count, matches(entry, bytes) { return entry.number }
            slot = (slot + 1) & mask
        }
        let start = arena.count
        if let source = bytes.baseAddress, bytes.count > 0 {
            arena.append(contentsOf: UnsafeBufferPointer(start: source.assumingMemoryBound(to: UInt8.self), count: bytes.count))
        }
        slots[slot] = entries.count
        entries.append(Entry(hash: hash, start: start, length: bytes.count, number: number))
        if entries.count * 2 > slots.count { grow() }
        return nil
    }

    private func matches(_ entry: Entry, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let source = bytes.baseAddress, entry.length > 0 else { return true }
        return arena.withUnsafeBytes { stored in
            guard let base = stored.baseAddress else { return false }
            return memcmp(base + entry.start, source, entry.length) == 0
        }
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        let mask = capacity - 1
        var fresh = [Int](repeating: -1, count: capacity)
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while fresh[slot] >= 0 { slot = (slot + 1) & mask }
            fresh[slot] = index
        }
        slots = fresh
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
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                tail |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << shift
                shift += 8
                index += 1
            }
            hash = (hash ^ tail) &* multiplier
        }
        hash ^= hash >> 32
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
        return hash
    }
}
