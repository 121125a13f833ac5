import Dispatch

/// How long a basic-value store keeps the inter-process `flock` after using it.
///
/// Taking and releasing the `flock` are two system calls, as many as the `write` of a record
/// costs twice over; a burst of sets would spend most of its time on them. So a store keeps the
/// lock after a write while it is busy: it lets it go once it has been idle for ``idleTime``,
/// and after ``longestHold`` of continuous use at the latest, so another process's write waits
/// at most about that long. A process that dies holding it loses it with its descriptors.
struct BasicLockLease {
    /// How long the lock is kept after its last use (nanoseconds).
    static let idleTime: UInt64 = 1_000_000
    /// How long the lock is held at most at a stretch (nanoseconds).
    static let longestHold: UInt64 = 10_000_000

    private var takenAt: UInt64 = 0
    private var usedAt: UInt64 = 0

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The lock was just taken.
    mutating func began() {
        takenAt = Self.now()
        usedAt = takenAt
    }

    /// The lock was just used.
    mutating func used() {
        usedAt = Self.now()
    }

    /// How long the lock may still be kept (nanoseconds), or `nil` when it should go now.
    func remaining() -> UInt64? {
        // The clock is monotonic, so `now` is never before either time (were it, the wrapped
        // difference would be huge and the lock would go).
        let now = Self.now()
        let idle = now &- usedAt
        let held = now &- takenAt
        guard idle < Self.idleTime, held < Self.longestHold else { return nil }
        return min(Self.idleTime - idle, Self.longestHold - held)
    }
}
