import Foundation

/// When a cached value stops being served.
///
/// Both kinds count wall-clock seconds, so they carry across process restarts (the disk index
/// keeps each entry's store and access times). An expired entry is a miss: it is removed from both
/// levels when a request finds it, and until then it still counts towards the format's disk
/// capacity, where ordinary LRU eviction also reclaims it.
///
/// An options struct, like every option of the cache and the stores: new kinds of expiry can be
/// added without breaking code that names these.
public struct CacheExpiry: Sendable, Hashable, CustomStringConvertible {
    /// What the time-to-live counts from.
    @usableFromInline
    enum Start: Sendable, Hashable {
        case stored
        case accessed
    }

    /// The time-to-live and what it counts from; `nil` for values that never expire.
    @usableFromInline let rule: (start: Start, seconds: TimeInterval)?

    private init(_ rule: (start: Start, seconds: TimeInterval)?) {
        self.rule = rule
    }

    /// Values never expire; only capacity evicts them.
    public static let never = CacheExpiry(nil)

    /// Fixed time-to-live: a value expires `seconds` after it was stored (by
    /// ``Cache/set(_:forKey:format:)`` or a fetcher), however often it is read. Storing it again
    /// restarts the clock.
    ///
    /// - Parameter seconds: The time-to-live; a negative one counts as 0.
    public static func fixed(_ seconds: TimeInterval) -> CacheExpiry { CacheExpiry((.stored, seconds)) }

    /// Sliding time-to-live: a value expires `seconds` after it was last stored *or read*, so a
    /// value in use never expires. Reads served from memory extend it too.
    ///
    /// - Parameter seconds: The time-to-live; a negative one counts as 0.
    public static func sliding(_ seconds: TimeInterval) -> CacheExpiry { CacheExpiry((.accessed, seconds)) }

    /// Whether reads extend the time-to-live.
    @inlinable
    var isSliding: Bool { rule?.start == .accessed }

    /// The moment an entry expires, or `nil` when it never does.
    ///
    /// - Parameters:
    ///   - storedAt: When the entry was stored (seconds since 1970).
    ///   - accessedAt: When it was last stored or read.
    /// - Returns: Seconds since 1970.
    @inlinable
    func deadline(storedAt: Double, accessedAt: Double) -> Double? {
        guard let rule else { return nil }
        return (rule.start == .stored ? storedAt : accessedAt) + max(rule.seconds, 0)
    }

    /// Whether an entry stored and accessed at these times has expired at `now`.
    @inlinable
    func hasExpired(storedAt: Double, accessedAt: Double, now: Double) -> Bool {
        guard let deadline = deadline(storedAt: storedAt, accessedAt: accessedAt) else { return false }
        return now >= deadline
    }

    /// Equal when both never expire, or count the same seconds from the same moment.
    public static func == (lhs: CacheExpiry, rhs: CacheExpiry) -> Bool {
        lhs.rule?.start == rhs.rule?.start && lhs.rule?.seconds == rhs.rule?.seconds
    }

    /// Hashes the rule.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule?.start)
        hasher.combine(rule?.seconds)
    }

    /// `never`, `fixed(60.0)` or `sliding(60.0)`.
    public var description: String {
        guard let rule else { return "never" }
        return "\(rule.start == .stored ? "fixed" : "sliding")(\(rule.seconds))"
    }
}
