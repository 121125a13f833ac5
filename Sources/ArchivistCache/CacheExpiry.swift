import Foundation

/// When a cached value stops being served.
///
/// Both kinds count wall-clock seconds, so they carry across process restarts (the disk index
/// keeps each entry's store and access times). An expired entry is a miss: it is removed from both
/// levels when a request finds it, and until then it still counts towards the format's disk
/// capacity, where ordinary LRU eviction also reclaims it.
public enum CacheExpiry: Sendable, Hashable {
    /// Values never expire; only capacity evicts them.
    case never
    /// Fixed time-to-live: a value expires `seconds` after it was stored (by ``Cache/set(_:forKey:format:)``
    /// or a fetcher), however often it is read. Storing it again restarts the clock.
    case fixed(TimeInterval)
    /// Sliding time-to-live: a value expires `seconds` after it was last stored *or read*, so a
    /// value in use never expires. Reads served from memory extend it too.
    case sliding(TimeInterval)

    /// The moment an entry expires, or `nil` when it never does.
    ///
    /// - Parameters:
    ///   - storedAt: When the entry was stored (seconds since 1970).
    ///   - accessedAt: When it was last stored or read.
    /// - Returns: Seconds since 1970.
    @inlinable
    func deadline(storedAt: Double, accessedAt: Double) -> Double? {
        switch self {
        case .never: return nil
        case .fixed(let seconds): return storedAt + max(seconds, 0)
        case .sliding(let seconds): return accessedAt + max(seconds, 0)
        }
    }

    /// Whether an entry stored and accessed at these times has expired at `now`.
    @inlinable
    func hasExpired(storedAt: Double, accessedAt: Double, now: Double) -> Bool {
        guard let deadline = deadline(storedAt: storedAt, accessedAt: accessedAt) else { return false }
        return now >= deadline
    }
}
