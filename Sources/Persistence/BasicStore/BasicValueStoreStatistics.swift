/// What a basic-value store holds and what it has repaired since it was opened.
public struct BasicValueStoreStatistics: Sendable, Hashable {
    /// How many keys have a value.
    public var count = 0
    /// The log's size in bytes.
    public var fileSize = 0
    /// Bytes of the log holding current values; the rest is garbage until the next compaction.
    public var liveBytes = 0
    /// Damaged regions (normally one record each) skipped while reading the log.
    public var damagedRegionsSkipped = 0
    /// Bytes in those regions.
    public var damagedBytesSkipped = 0
    /// Bytes of torn tails (an append cut short by a crash) removed from the end of the log.
    public var tornBytesTruncated = 0
    /// How many times the log was compacted.
    public var compactions = 0

    /// Creates empty statistics.
    public init() {}
}
