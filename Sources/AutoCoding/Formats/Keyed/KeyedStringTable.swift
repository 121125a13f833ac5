import Foundation
import PropertyList

/// Finds a number for each distinct string: an open-addressing table over the strings' UTF-8,
/// hashed as the binary writer hashes keys (cheaper than `Hasher` for the short strings of archives).
///
/// Strings compare byte for byte, as property-list strings and keys do.
struct KeyedStringTable {
    struct Entry {
        var hash: UInt64
        /// Where the string's UTF-8 starts in ``bytes``.
        var start: Int
        var length: Int
        /// The number recorded for the string plus one (0: empty slot).
        var number: UInt64
    }

    private var entries: [Entry]
    private var mask: Int
    private var count = 0
    /// The UTF-8 of every string recorded, one after another.
    private var bytes: [UInt8] = []

    /// A table with room for about `expectedCount` strings before it grows.
    init(expectedCount: Int = 0) {
        let expected = min(max(expectedCount, 0), 1 << 24)
        var size = 64
        while size < 2 * expected + 2 { size *= 2 }
        entries = [Entry](repeating: Entry(hash: 0, start: 0, length: 0, number: 0), count: size)
        mask = size - 1
        bytes.reserveCapacity(16 * expected)
    }

    /// The number recorded for `string`, or `nil`.
    ///
    /// - Returns: The number and the slot to insert at when it is absent.
    @inline(__always)
    func find(_ string: String, hash: UInt64) -> (number: UInt64?, slot: Int) {
        Self.withUTF8(string) { find($0, hash: hash) }
    }

    private func find(_ utf8: UnsafeRawBufferPointer, hash: UInt64) -> (number: UInt64?, slot: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = entries[slot]
            if entry.number == 0 { return (nil, slot) }
            if entry.hash == hash, entry.length == utf8.count, matches(entry, utf8) { return (entry.number - 1, slot) }
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

    /// Records `number` for `string`, absent until now, at the slot ``find(_:hash:)`` gave.
    mutating func insert(_ string: String, hash: UInt64, number: UInt64, at slot: Int) {
        let start = bytes.count
        bytes.append(contentsOf: string.utf8)
        entries[slot] = Entry(hash: hash, start: start, length: bytes.count - start, number: number + 1)
        count += 1
        if count * 2 > entries.count { grow() }
    }

    private mutating func grow() {
        var fresh = [Entry](repeating: Entry(hash: 0, start: 0, length: 0, number: 0), count: entries.count * 2)
        let freshMask = fresh.count - 1
        for entry in entries where entry.number != 0 {
            var slot = Int(truncatingIfNeeded: entry.hash) & freshMask
            while fresh[slot].number != 0 { slot = (slot + 1) & freshMask }
            fresh[slot] = entry
        }
        entries = fresh
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
