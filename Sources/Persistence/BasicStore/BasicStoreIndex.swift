/// The basic-value store's current contents, rebuilt from the log and kept in memory so a get is
/// a dictionary lookup.
///
/// Besides the values it tracks how many bytes of the log are live (the latest set record of each
/// key); everything else — overwritten values, removals, skipped damage — is garbage that
/// compaction drops.
package struct BasicStoreIndex {
    /// A key's value and the size of the record that set it.
    package struct Entry {
        /// The current value.
        var value: BasicValue
        /// The size of its record in the log.
        var recordSize: Int
    }

    /// The current entries, by key.
    package private(set) var entries: [String: Entry] = [:]
    /// The total size of the records the entries came from.
    package private(set) var liveBytes = 0

    /// Creates an empty index.
    package init() {}

    /// Applies one record read from or appended to the log.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - size: Its size in the log.
    package mutating func apply(_ record: BasicLogRecord, size: Int) {
        let previous: Entry?
        if let value = record.value {
            previous = entries.updateValue(Entry(value: value, recordSize: size), forKey: record.key)
            liveBytes += size
        } else {
            previous = entries.removeValue(forKey: record.key)
        }
        if let previous { liveBytes -= previous.recordSize }
    }

    /// Forgets every entry.
    mutating func removeAll() {
        entries.removeAll()
        liveBytes = 0
    }

    /// The value stored under `key`.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, or `nil`.
    package func value(forKey key: String) -> BasicValue? {
        entries[key]?.value
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
            guard let entry = entries[key] else { continue }
            let record = BasicLogRecord(key: key, value: entry.value)
            guard let framed = record.framed() else { return nil }
            bytes.append(contentsOf: framed)
            index.apply(record, size: framed.count)
        }
        return (bytes, index)
    }
}
