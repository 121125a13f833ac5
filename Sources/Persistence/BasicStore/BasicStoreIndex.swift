import Foundation

/// The basic-value store's current contents, rebuilt from the log and kept in memory so a get is
/// a dictionary lookup.
///
/// Besides the values it tracks how many bytes of the log are live (the latest set record of each
/// key); everything else — overwritten values, removals, skipped damage — is garbage that
/// compaction drops.
package struct BasicStoreIndex {
    /// A key's value and the size of the record that set it.
    package struct Entry {
        /// The current value, possibly still encoded in ``BasicStoreIndex/encodedValues``.
        var value: BasicIndexedValue
        /// The size of its record, stored in 32 bits (a record is at most 12 bytes plus
        /// ``BasicLogFormat/maximumPayloadSize``): 24-byte entries instead of 32, so opening a
        /// large log touches a quarter less memory.
        private var storedRecordSize: Int32

        /// Creates an entry.
        init(value: BasicIndexedValue, recordSize: Int) {
            self.value = value
            storedRecordSize = Int32(clamping: recordSize)
        }

        /// The size of its record in the log.
        var recordSize: Int { Int(storedRecordSize) }
    }

    /// The current entries, by key.
    package private(set) var entries: [String: Entry] = [:]
    /// The total size of the records the entries came from.
    package private(set) var liveBytes = 0
    /// The log as last read whole: the bytes encoded entries point into.
    private var encodedValues = Data()

    /// Creates an empty index.
    package init() {}

    /// Creates an empty index with room for the keys a log of `fileSize` bytes likely holds, so
    /// reading it does not rehash the dictionary over and over.
    ///
    /// - Parameter fileSize: The size of the log about to be read.
    package init(expectingLogSize fileSize: Int) {
        entries.reserveCapacity(Self.expectedKeys(logSize: fileSize))
    }

    /// A guess at the number of keys in a log of `fileSize` bytes: one per
    /// ``typicalRecordSize`` bytes. A log with more garbage or larger values is overestimated,
    /// which costs at most about the log's size in empty buckets; smaller records grow the
    /// dictionary a few times, as before.
    static func expectedKeys(logSize fileSize: Int) -> Int {
        max(0, fileSize - BasicLogFormat.headerSize) / typicalRecordSize
    }

    /// The record size ``expectedKeys(logSize:)`` assumes: a short key and a short string.
    static let typicalRecordSize = 48

    /// Applies one record read from or appended to the log.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - size: Its size in the log.
    package mutating func apply(_ record: BasicLogRecord, size: Int) {
        apply(key: record.key, value: record.value.map(BasicIndexedValue.decoded), size: size)
    }

    /// Applies one record as the scanner hands it over.
    ///
    /// - Parameters:
    ///   - key: The record's key.
    ///   - value: Its value (encoded ones point into the bytes given to ``keepEncodedValues(in:)``),
    ///     or `nil` for a removal.
    ///   - size: Its size in the log.
    package mutating func apply(key: String, value: BasicIndexedValue?, size: Int) {
        let previous: Entry?
        if let value {
            previous = entries.updateValue(Entry(value: value, recordSize: size), forKey: key)
            liveBytes += size
        } else {
            previous = entries.removeValue(forKey: key)
        }
        if let previous { liveBytes -= previous.recordSize }
    }

    /// Keeps `bytes` (the whole log, about to be scanned with encoded values kept) for decoding
    /// encoded entries later.
    ///
    /// - Parameter bytes: The log.
    mutating func keepEncodedValues(in bytes: Data) {
        encodedValues = bytes
    }

    /// Forgets every entry.
    mutating func removeAll() {
        entries.removeAll()
        liveBytes = 0
        encodedValues = Data()
    }

    /// Forgets every entry, keeping room for the keys of a log of `fileSize` bytes.
    ///
    /// - Parameter fileSize: The size of the log about to be read.
    mutating func removeAll(expectingLogSize fileSize: Int) {
        self = BasicStoreIndex(expectingLogSize: fileSize)
    }

    /// Makes room for the keys of `additionalBytes` more of log, before reading them.
    ///
    /// - Parameter additionalBytes: How many bytes are about to be applied.
    mutating func reserveCapacity(forAppendedBytes additionalBytes: Int) {
        let wanted = entries.count + additionalBytes / Self.typicalRecordSize
        if wanted > entries.capacity { entries.reserveCapacity(wanted) }
    }

    /// The value stored under `key`.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, or `nil`.
    package func value(forKey key: String) -> BasicValue? {
        entries[key].flatMap { decoded($0.value) }
    }

    /// The value stored under `key`, decoded once and kept decoded (the store's gets).
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, or `nil`.
    mutating func decodingValue(forKey key: String) -> BasicValue? {
        guard let entry = entries[key] else { return nil }
        switch entry.value {
        case .decoded(let value):
            return value
        case .encoded:
            guard let value = decoded(entry.value) else { return nil }
            entries[key]?.value = .decoded(value)
            return value
        }
    }

    /// Every key and its value.
    package var values: [String: BasicValue] {
        entries.compactMapValues { decoded($0.value) }
    }

    /// An entry's value, decoded. The scanner checked an encoded value as fully as decoding does,
    /// so `nil` (for an encoded value out of the kept bytes' range, or not decoding) cannot happen.
    private func decoded(_ value: BasicIndexedValue) -> BasicValue? {
        switch value {
        case .decoded(let value):
            return value
        case .encoded(let offset, let count):
            return encodedValues.withUnsafeBytes { bytes -> BasicValue? in
                guard offset >= 0, count >= 0, offset <= bytes.count - count else { return nil }
                var reader = BasicByteReader(UnsafeRawBufferPointer(rebasing: bytes[offset ..< offset + count]))
                return try? BasicValueDecoder.decode(from: &reader)
            }
        }
    }

    /// Bytes of a log of `fileSize` bytes that compaction would drop.
    ///
    /// - Parameter fileSize: The log's size.
    /// - Returns: The garbage, never negative.
    package func garbageBytes(fileSize: Int) -> Int {
        max(0, fileSize - BasicLogFormat.headerSize - liveBytes)
    }

    /// A log holding only the live records (in key order, so equal contents give equal files),
    /// and the index that describes it.
    ///
    /// - Returns: The file's bytes and the rebuilt index, or `nil` when a value no longer frames
    ///   (it cannot happen with one encoder, but compaction must never drop a value, so it is
    ///   skipped instead).
    package func compacted() -> (bytes: [UInt8], index: BasicStoreIndex)? {
        var bytes = BasicLogFormat.header
        bytes.reserveCapacity(BasicLogFormat.headerSize + liveBytes)
        var index = BasicStoreIndex()
        for key in entries.keys.sorted() {
            guard let entry = entries[key], let value = decoded(entry.value) else { return nil }
            let record = BasicLogRecord(key: key, value: value)
            guard let framed = record.framed() else { return nil }
            bytes.append(contentsOf: framed)
            index.apply(record, size: framed.count)
        }
        return (bytes, index)
    }
}
