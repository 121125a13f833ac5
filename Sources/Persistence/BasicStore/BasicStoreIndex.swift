import CArchivistPrefetch
import Foundation

/// The basic-value store's current contents: the log's records, kept in memory as bytes, and a
/// table that finds the latest record of each key.
///
/// Opening a store makes nothing per record: ``BasicLogScanner`` checks each record in place and
/// the table stores where it lies. A key's `String` and value are made when something asks for
/// them; a value, once decoded, is kept for the next get. Keys are compared as bytes, which is
/// `String` equality for the normalized keys (NFC, see ``KeyFileName/normalized(_:)``) the store
/// uses: a record with a key in another normalization is kept re-framed with its key normalized.
///
/// The table is open addressing with linear probing over ``BasicKeyHash``, one 64-bit slot per
/// key (the key's hash and its entry number), so lookups touch a key's bytes only when the hashes
/// match. Entries are dense: a removal moves the last entry into the gap.
///
/// Besides the values it tracks how many bytes of the log are live (the latest set record of each
/// key); everything else — overwritten values, removals, skipped damage — is garbage that
/// compaction drops.
package struct BasicStoreIndex {
    /// Where a key's record lies in ``bytes``: its latest set record, or — when this process set
    /// the key again — the record its key bytes were first found in, the value kept decoded.
    struct Entry {
        /// The record's first byte.
        var recordOffset: Int
        /// The key's length in bytes.
        var keyCount: UInt32
        /// The record's size in the log (low 27 bits: a record is at most 12 bytes plus
        /// ``BasicLogFormat/maximumPayloadSize``, under 2²⁷) and where its key starts within it
        /// (high 5 bits: at most 12 + 1 + a 10-byte varint). 16-byte entries keep a large index small.
        var packed: UInt32

        static let sizeBits: UInt32 = 27
        static let sizeMask: UInt32 = (1 << sizeBits) - 1

        init(recordOffset: Int, keyStart: Int, keyCount: Int, recordSize: Int) {
            self.recordOffset = recordOffset
            self.keyCount = UInt32(truncatingIfNeeded: keyCount)
            packed = UInt32(truncatingIfNeeded: min(max(recordSize, 0), Int(Self.sizeMask)))
                | UInt32(truncatingIfNeeded: keyStart - recordOffset) << Self.sizeBits
        }

        /// The record's size in the log.
        var recordSize: Int {
            get { Int(packed & Self.sizeMask) }
            set { packed = packed & ~Self.sizeMask | UInt32(truncatingIfNeeded: min(max(newValue, 0), Int(Self.sizeMask))) }
        }
        /// The key's first byte.
        var keyStart: Int { recordOffset + Int(packed >> Self.sizeBits) }
        /// The value's first byte (its tag).
        var valueStart: Int { keyStart + Int(keyCount) }
    }

    /// The records entries point into: the log as read, then every record applied since (set
    /// only by this type and its extensions).
    var bytes: [UInt8] = []
    /// The hash table: 0 for an empty slot, else the key's hash in the high 32 bits and its entry
    /// number plus one in the low 32. The count is a power of two.
    private(set) var slots: [UInt64] = []
    /// One per key, in no particular order.
    private var entries: [Entry] = []
    /// The values kept decoded, by entry number.
    private var decodedValues = BasicDecodedValues()
    /// The seed of ``BasicKeyHash``, read once.
    let seed = BasicKeyHash.processSeed
    /// The total size of the records the entries came from.
    package private(set) var liveBytes = 0

    /// Creates an empty index.
    package init() {}

    /// Creates an empty index with room for the keys a log of `fileSize` bytes likely holds, so
    /// reading it does not grow the table over and over.
    ///
    /// - Parameter fileSize: The size of the log about to be read.
    package init(expectingLogSize fileSize: Int) {
        reserveCapacity(Self.expectedKeys(logSize: fileSize))
    }

    /// A guess at the number of keys in a log of `fileSize` bytes: one per
    /// ``typicalRecordSize`` bytes. A log with more garbage or larger values is overestimated,
    /// which costs 8 bytes of table per overestimated key; smaller records grow the table a few
    /// times.
    static func expectedKeys(logSize fileSize: Int) -> Int {
        max(0, fileSize - BasicLogFormat.headerSize) / typicalRecordSize
    }

    /// The record size ``expectedKeys(logSize:)`` assumes: a short key and a short string.
    static let typicalRecordSize = 48

    /// How many keys have a value.
    package var count: Int { entries.count }

    /// Whether no key has a value.
    package var isEmpty: Bool { entries.isEmpty }

    /// How many bytes of records the index holds (the log as read, and the keys set since).
    package var heldBytes: Int { bytes.count }

    /// Forgets every entry.
    mutating func removeAll() {
        self = BasicStoreIndex()
    }

    /// Makes room for `keys` keys in all, so adding them does not grow the table.
    ///
    /// - Parameter keys: How many keys the index should hold without growing.
    mutating func reserveCapacity(_ keys: Int) {
        guard keys > Self.maximumLoad(slotCount: slots.count) else { return }
        var slotCount = max(slots.count, 16)
        while Self.maximumLoad(slotCount: slotCount) < keys {
            let (doubled, overflow) = slotCount.multipliedReportingOverflow(by: 2)
            guard !overflow else { return }
            slotCount = doubled
        }
        rehash(slotCount: slotCount)
        entries.reserveCapacity(keys)
    }

    /// Makes room for the keys of `additionalBytes` more of log, before reading them.
    ///
    /// - Parameter additionalBytes: How many bytes are about to be applied.
    mutating func reserveCapacity(forAppendedBytes additionalBytes: Int) {
        reserveCapacity(entries.count + additionalBytes / Self.typicalRecordSize)
    }

    /// The most keys `slotCount` slots take before the table grows: five eighths, where linear
    /// probing still finds a key in one or two probes.
    private static func maximumLoad(slotCount: Int) -> Int {
        slotCount / 8 * 5
    }

    /// The value stored under `key`.
    ///
    /// - Parameter key: The key, normalized as the store normalizes keys.
    /// - Returns: The value, or `nil`.
    package func value(forKey key: String) -> BasicValue? {
        guard let entry = entryNumber(forKey: key) else { return nil }
        return value(ofEntry: entry)
    }

    /// The value stored under `key`, decoded once and kept decoded (the store's gets).
    ///
    /// - Parameter key: The key, normalized as the store normalizes keys.
    /// - Returns: The value, or `nil`.
    package mutating func decodingValue(forKey key: String) -> BasicValue? {
        guard let entry = entryNumber(forKey: key) else { return nil }
        if let value = decodedValues[entry] { return value }
        let value = value(ofEntry: entry)
        setDecodedValue(value, ofEntry: entry)
        return value
    }

    /// Every key with a value, sorted.
    package var sortedKeys: [String] {
        bytes.withUnsafeBytes { storage in entries.map { key(of: $0, in: storage) } }.sorted()
    }

    /// Every key and its value.
    package var values: [String: BasicValue] {
        var result: [String: BasicValue] = [:]
        result.reserveCapacity(entries.count)
        for number in entries.indices {
            guard let value = value(ofEntry: number) else { continue }
            result[bytes.withUnsafeBytes { key(of: entries[number], in: $0) }] = value
        }
        return result
    }

    /// Bytes of a log of `fileSize` bytes that compaction would drop.
    ///
    /// - Parameter fileSize: The log's size.
    /// - Returns: The garbage, never negative.
    package func garbageBytes(fileSize: Int) -> Int {
        max(0, fileSize - BasicLogFormat.headerSize - liveBytes)
    }

    // MARK: Applying records

    /// Applies a record just appended to the log, framed as `framed` (which must be
    /// `record.framed()`); the record's key must be normalized as the store normalizes keys.
    ///
    /// - Parameters:
    ///   - record: The record, whose value is kept decoded.
    ///   - framed: Its bytes.
    mutating func apply(_ record: BasicLogRecord, framed: [UInt8]) {
        apply(key: record.key, value: record.value, framed: framed, size: framed.count)
    }

    /// Applies the record setting `key` to `value` (removing it when `nil`) that was just appended
    /// to the log, framed as `framed`: the store's writes, which never make a ``BasicLogRecord``
    /// (see ``BasicLogRecord/frame(key:value:into:)``).
    ///
    /// - Parameters:
    ///   - key: The key, normalized as the store normalizes keys.
    ///   - value: The new value, kept decoded; `nil` for a removal.
    ///   - framed: The record's bytes.
    mutating func apply(key: String, value: BasicValue?, framed: [UInt8]) {
        apply(key: key, value: value, framed: framed, size: framed.count)
    }

    /// Applies one record counted as `size` bytes of log (tests; compaction): it is framed here.
    ///
    /// - Parameters:
    ///   - record: The record; its key normalized as the store normalizes keys.
    ///   - size: Its size in the log.
    package mutating func apply(_ record: BasicLogRecord, size: Int) {
        guard let framed = record.framed() else { return }
        apply(key: record.key, value: record.value, framed: framed, size: size)
    }

    private mutating func apply(key: String, value newValue: BasicValue?, framed: [UInt8], size: Int) {
        let keyCount = key.utf8.count
        // A native string lends its bytes as they are (`withUTF8` wanted a mutable copy of the key,
        // retained and released at every set); another is made contiguous once.
        let found: Probe
        let hash: UInt32
        if let probed = key.utf8.withContiguousStorageIfAvailable({ probe(UnsafeRawBufferPointer($0)) }) {
            (found, hash) = probed
        } else {
            var key = key
            (found, hash) = key.withUTF8 { probe(UnsafeRawBufferPointer($0)) }
        }
        // A key the index has needs no new bytes: its entry keeps the key where it was found, the
        // value is kept decoded (which reads prefer to the record's bytes), and the new record's
        // size is counted. So this process's overwrites and removals do not grow ``bytes``.
        // (The value is tested, never bound: `guard let` made a copy of it, and a release, per set.)
        let removal = BasicLogRecord.isRemoval(newValue)
        if case .found(let slot, let number) = found {
            liveBytes -= entries[number].recordSize
            if removal {
                let storage = bytes
                return storage.withUnsafeBytes { remove(slot: slot, entry: number, in: $0) }
            }
            entries[number].recordSize = size
            liveBytes += entries[number].recordSize
            setDecodedValue(newValue, ofEntry: number)
            return
        }
        if removal { return }
        let offset = bytes.count
        bytes.append(contentsOf: framed)
        let location = BasicRecordLocation(
            offset: offset, size: framed.count,
            keyStart: offset + BasicLogFormat.recordHeaderSize + 1 + BasicValueEncoder.varintSize(UInt64(keyCount)),
            keyCount: keyCount, keyIsASCII: true, isSet: true)
        let storage = bytes
        storage.withUnsafeBytes { apply(location, hash: hash, accountedSize: size, decoded: newValue, in: $0) }
    }

    /// Hashes `key` and probes for it in ``bytes``.
    ///
    /// - Parameter key: The key's bytes.
    /// - Returns: What probing found, and the key's hash.
    private func probe(_ key: UnsafeRawBufferPointer) -> (Probe, hash: UInt32) {
        let hash = BasicKeyHash.hash(key, seed: seed)
        return (bytes.withUnsafeBytes { find(key, hash: hash, in: $0) }, hash)
    }

    /// Applies one located record whose bytes are in `storage` (``bytes`` itself).
    ///
    /// - Parameters:
    ///   - location: The record.
    ///   - size: The size it counts for in the log.
    ///   - decoded: Its value, when already decoded.
    ///   - storage: ``bytes``.
    @inline(__always)
    mutating func apply(_ location: BasicRecordLocation, accountedSize size: Int, decoded: BasicValue?,
                        in storage: UnsafeRawBufferPointer) {
        apply(location, hash: Self.keyHash(of: location, in: storage, seed: seed), accountedSize: size, decoded: decoded, in: storage)
    }

    /// The hash of a located record's key.
    @inline(__always)
    static func keyHash(of location: BasicRecordLocation, in storage: UnsafeRawBufferPointer, seed: UInt64) -> UInt32 {
        BasicKeyHash.hash(UnsafeRawBufferPointer(rebasing: storage[location.keyStart ..< location.valueStart]), seed: seed)
    }

    /// Starts loading the slot of `table` where probing for `hash` begins, for an
    /// ``apply(_:hash:accountedSize:decoded:in:)`` a few records later (opening a large log
    /// otherwise waits for memory at every record).
    @inline(__always)
    static func prefetchSlot(forHash hash: UInt32, in table: UnsafeBufferPointer<UInt64>) {
        guard let base = table.baseAddress, !table.isEmpty else { return }
        archivist_prefetch(base + (Int(hash) & (table.count - 1)))
    }

    /// ``apply(_:accountedSize:decoded:in:)`` with the key's hash already known.
    @inline(__always)
    mutating func apply(_ location: BasicRecordLocation, hash: UInt32, accountedSize size: Int, decoded: BasicValue?,
                        in storage: UnsafeRawBufferPointer) {
        let key = UnsafeRawBufferPointer(rebasing: storage[location.keyStart ..< location.valueStart])
        guard location.isSet else {
            if case .found(let slot, let number) = find(key, hash: hash, in: storage) {
                liveBytes -= entries[number].recordSize
                remove(slot: slot, entry: number, in: storage)
            }
            return
        }
        if entries.count >= Self.maximumLoad(slotCount: slots.count) { reserveCapacity(entries.count + 1) }
        let entry = Entry(recordOffset: location.offset, keyStart: location.keyStart, keyCount: location.keyCount,
                          recordSize: size)
        liveBytes += entry.recordSize
        switch find(key, hash: hash, in: storage) {
        case .found(_, let number):
            liveBytes -= entries[number].recordSize
            entries[number] = entry
            setDecodedValue(decoded, ofEntry: number)
        case .empty(let slot):
            // A table that could not grow (more slots than memory) has no empty slot: `find`
            // reported the last one probed, which is taken, so the key is left out instead.
            guard slot < slots.count, slots[slot] == 0, entries.count < Int(UInt32.max) - 1 else {
                liveBytes -= entry.recordSize
                return
            }
            entries.append(entry)
            slots[slot] = UInt64(hash) << 32 | UInt64(entries.count)
            decodedValues.entryAppended()
            if case .some = decoded { setDecodedValue(decoded, ofEntry: entries.count - 1) }
        }
    }

    // MARK: Table

    /// What probing for a key found.
    private enum Probe {
        /// The key's slot and entry number.
        case found(slot: Int, entry: Int)
        /// The empty slot where the key would go.
        case empty(slot: Int)
    }

    /// Probes for `key` (with its `hash`), comparing key bytes in `storage`.
    @inline(__always)
    private func find(_ key: UnsafeRawBufferPointer, hash: UInt32, in storage: UnsafeRawBufferPointer) -> Probe {
        slots.withUnsafeBufferPointer { table in
            guard !table.isEmpty else { return .empty(slot: 0) }
            let mask = table.count - 1
            var slot = Int(hash) & mask
            for _ in 0 ..< table.count {
                let content = table[slot]
                if content == 0 { return .empty(slot: slot) }
                if UInt32(truncatingIfNeeded: content >> 32) == hash {
                    let number = Int(UInt32(truncatingIfNeeded: content)) - 1
                    if keyMatches(entries[number], key, in: storage) { return .found(slot: slot, entry: number) }
                }
                slot = (slot + 1) & mask
            }
            return .empty(slot: slot)
        }
    }

    /// Whether `entry`'s key is `key`, byte for byte.
    @inline(__always)
    private func keyMatches(_ entry: Entry, _ key: UnsafeRawBufferPointer, in storage: UnsafeRawBufferPointer) -> Bool {
        guard Int(entry.keyCount) == key.count else { return false }
        let start = entry.keyStart
        guard start >= 0, start <= storage.count - key.count else { return false }
        guard let stored = storage.baseAddress, let wanted = key.baseAddress else { return key.isEmpty }
        return memcmp(stored + start, wanted, key.count) == 0
    }

    /// The entry number of `key`, or `nil`.
    private func entryNumber(forKey key: String) -> Int? {
        guard !entries.isEmpty else { return nil }
        let found = key.utf8.withContiguousStorageIfAvailable { entryNumber(forKey: UnsafeRawBufferPointer($0)) }
        return found ?? Array(key.utf8).withUnsafeBytes { entryNumber(forKey: $0) }
    }

    private func entryNumber(forKey key: UnsafeRawBufferPointer) -> Int? {
        let hash = BasicKeyHash.hash(key, seed: seed)
        return bytes.withUnsafeBytes { storage in
            guard case .found(_, let number) = find(key, hash: hash, in: storage) else { return nil }
            return number
        }
    }

    /// Empties `slot` (of entry `number`), moving later keys of its cluster back so probing never
    /// meets a gap before them, then moves the last entry into the freed entry number.
    private mutating func remove(slot: Int, entry number: Int, in storage: UnsafeRawBufferPointer) {
        let mask = slots.count - 1
        var hole = slot
        var next = (hole + 1) & mask
        while slots[next] != 0 {
            let home = Int(slots[next] >> 32) & mask
            // `next` may fill the hole unless its home lies cyclically after the hole, up to `next`.
            let staysPut = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !staysPut {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = 0

        let last = entries.count - 1
        if number != last {
            let moved = entries[last]
            let movedKey = UnsafeRawBufferPointer(rebasing: storage[moved.keyStart ..< moved.valueStart])
            if case .found(let movedSlot, _) = find(movedKey, hash: BasicKeyHash.hash(movedKey, seed: seed), in: storage) {
                slots[movedSlot] = slots[movedSlot] & 0xFFFF_FFFF_0000_0000 | UInt64(number + 1)
            }
            entries[number] = moved
        }
        entries.removeLast()
        decodedValues.entryRemoved(number, last: last)
    }

    /// Rebuilds the table with `slotCount` slots (a power of two), from the stored hashes.
    private mutating func rehash(slotCount: Int) {
        var table = [UInt64](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for content in slots where content != 0 {
            var slot = Int(content >> 32) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = content
        }
        slots = table
    }

    // MARK: Values and keys

    private mutating func setDecodedValue(_ value: BasicValue?, ofEntry number: Int) {
        decodedValues.set(value, entry: number, entryCount: entries.count)
    }

    /// Entry `number`'s value: kept decoded, or decoded from ``bytes``.
    private func value(ofEntry number: Int) -> BasicValue? {
        if let value = decodedValues[number] { return value }
        let entry = entries[number]
        return bytes.withUnsafeBytes { storage in
            // The record's end, from its length field: the value runs up to it.
            let offset = entry.recordOffset
            guard offset >= 0, offset <= storage.count - BasicLogFormat.recordHeaderSize else { return nil }
            let length = Int(UInt32(littleEndian: storage.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
            let end = offset + BasicLogFormat.recordHeaderSize + length
            let start = entry.valueStart
            guard start <= end, end <= storage.count else { return nil }
            return BasicLogRecord.decodedValue(in: UnsafeRawBufferPointer(rebasing: storage[start ..< end]))
        }
    }

    /// Entry's key as a string.
    private func key(of entry: Entry, in storage: UnsafeRawBufferPointer) -> String {
        let start = entry.keyStart
        let end = entry.valueStart
        guard start >= 0, start <= end, end <= storage.count else { return "" }
        return String(decoding: UnsafeRawBufferPointer(rebasing: storage[start ..< end]), as: UTF8.self)
    }

    // MARK: Compaction

    /// A log holding only the live records (in key order, so equal contents give equal files),
    /// and the index that describes it.
    ///
    /// - Returns: The file's bytes and the rebuilt index, or `nil` when a value no longer frames
    ///   (it cannot happen with one encoder, but compaction must never drop a value, so it is
    ///   skipped instead).
    package func compacted() -> (bytes: [UInt8], index: BasicStoreIndex)? {
        let keyed = bytes.withUnsafeBytes { storage in entries.indices.map { (key: key(of: entries[$0], in: storage), entry: $0) } }
        var index = BasicStoreIndex()
        index.reserveCapacity(entries.count)
        index.bytes = BasicLogFormat.header
        index.bytes.reserveCapacity(BasicLogFormat.headerSize + liveBytes)
        for (key, number) in keyed.sorted(by: { $0.key < $1.key }) {
            guard let value = value(ofEntry: number) else { return nil }
            let record = BasicLogRecord(key: key, value: value)
            guard let framed = record.framed() else { return nil }
            index.apply(record, framed: framed)
        }
        // The new log is the new index's bytes: one buffer, shared.
        return (index.bytes, index)
    }
}
