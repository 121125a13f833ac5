/// Running totals of a disk level's evictions, to show what eviction costs and how it scales.
package struct DiskEvictionStatistics: Sendable, Equatable {
    /// Entries evicted to make room.
    package var entries = 0
    /// Time spent evicting, file removals included, in nanoseconds.
    package var nanoseconds: UInt64 = 0
    /// The part of ``nanoseconds`` spent in the file system removing the evicted files.
    package var evictionUnlinkNanoseconds: UInt64 = 0
    /// Time spent removing entry files for any reason (eviction, removal, expiry).
    package var unlinkNanoseconds: UInt64 = 0

    /// Creates zero totals.
    package init() {}

    /// Time spent on the index's side of eviction (the LRU walk, the bookkeeping, the journal
    /// records), in nanoseconds: what O(evicted) is about.
    package var indexNanoseconds: UInt64 { nanoseconds &- evictionUnlinkNanoseconds }
}
