import Foundation
import PropertyList

/// Finds a number for each distinct string: an open-addressing table over the strings' UTF-8,
/// hashed as the binary writer hashes keys (cheaper than `Hasher` for the short strings of archives).
///
/// Strings compare byte for byte, as property-list strings and keys do. The slot array, which is
/// probed at random and zeroed up front, holds 8 bytes a slot; the entries follow one another as
/// they are recorded. (A table of whole entries was four times the memory, most of it touched
/// only to be zeroed.)
struct KeyedStringTable {
    struct Entry {
        var hash: UInt64
        /// Where the string's UTF-8 starts in ``bytes``.
        var start: Int
        var length: Int
        var number: UInt64
    }

    /// Per slot: the entry's index + 1 in the low ``indexBits`` bits (0: empty), and above them the
    /// top of its hash, so a probe that meets another string's slot rarely reads its entry.
    private var slots: [UInt64]
    private var mask: Int
    private var entries: [Entry] = []
    /// The UTF-8 of every string recorded, one after another.
    private var bytes: [UInt8] = []

    private static var indexBits: UInt64 { 40 }
    private static var indexMask: UInt64 { (1 << indexBits) - 1 }

    /// A table with room for about `expectedCount` strings before it grows.
    init(expectedCount: Int = 0) {
        let expected = min(max(expectedCount, 0), 1 << 24)
        var size = 64
        while size < 2 * expected + 2 { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        entries.reserveCapacity(expected)
        bytes.reserveCapacity(16 * expected)
    }

    /// The number recorded for `string`, or `nil`.
    ///
    /// - Returns: The number and the slot to insert at when it is absent.
    @inline(__always)
    func find(_ string: String, hash: UInt64) -> (number: UInt64?, slot: Int) {
        Self.withUTF8(string) { find($0, hash: hash) }
    }

    /// Records `number` for `string`, absent until now, at the slot ``find(_:hash:)`` gave.
    mutating func insert(_ string: String, hash: UInt64, number: UInt64, at slot: Int) {
        Self.withUTF8(string) { insert($0, hash: hash, number: number, at: slot) }
    }

    /// The number recorded for `string`; when there is none, records `number` and returns `nil`.
    /// One pass over the string's UTF-8 hashes, finds and records it.
    @inline(__always)
    mutating func number(for string: String, orRecord number: UInt64) -> UInt64? {
        Self.withUTF8(string) { utf8 in
            let hash = BinaryPropertyListStreamWriter.keyHash(utf8: utf8)
            let found = find(utf8, hash: hash)
            if found.number == nil { insert(utf8, hash: hash, number: number, at: found.slot) }
            return found.number
        }
    }

    private func find(_ utf8: UnsafeRawBufferPointer, hash: UInt64) -> (number: UInt64?, slot: Int) {
        let tag = hash & ~Self.indexMask
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return (nil, slot) }
            if stored & ~Self.indexMask == tag {
                let entry = entries[Int(truncatingIfNeeded: stored & Self.indexMask) &- 1]
                if entry.hash == hash, entry.length == utf8.count, matches(entry, utf8) { return (entry.number, slot) }
            }
            slot = (slot + 1) & mask
        }
    }

    private func matches(_ entry: Entry, _ utf8: UnsafeRawBufferPointer) -> Bool {
        guard let source = utf8.baseAddress, entry.length > 0 else { return true }
        return bytes.withUnsafeBytes { stored in
            guard let base = stored.baseAddress else { return false }
            return memcmp(base + entry.start, source, entry.length) == 0
        }
    }

    private mutating func insert(_ utf8: UnsafeRawBufferPointer, hash: UInt64, number: UInt64, at slot: Int) {
        entries.append(Entry(hash: hash, start: bytes.count, length: utf8.count, number: number))
        bytes.append(contentsOf: utf8)
        slots[slot] = hash & ~Self.indexMask | UInt64(entries.count)
        if entries.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        var fresh = [UInt64](repeating: 0, count: slots.count * 2)
        let freshMask = fresh.count - 1
        for stored in slots where stored != 0 {
            let hash = entries[Int(truncatingIfNeeded: stored & Self.indexMask) &- 1].hash
            var slot = Int(truncatingIfNeeded: hash) & freshMask
            while fresh[slot] != 0 { slot = (slot + 1) & freshMask }
            fresh[slot] = stored
        }
        slots = fresh
        mask = freshMask
    }

    /// The hash ``find(_:hash:)`` expects for `string`.
    @inline(__always)
    static func hash(_ string: String) -> UInt64 {
        withUTF8(string) { BinaryPropertyListStreamWriter.keyHash(utf8: $0) }
    }

    /// Runs `body` with the string's UTF-8, without a copy for native strings.
    @inline(__always)
    static func withUTF8<Result>(_ string: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(string.utf8).withUnsafeBytes(body)
    }
}
