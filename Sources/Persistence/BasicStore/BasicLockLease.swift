import Dispatch

/// How long a basic-value store keeps the inter-process `flock` after using it.
///
/// Taking and releasing the `flock` are two system calls, as many as the `write` of a record
/// costs twice over; a burst of sets would spend most of its time on them. So a store keeps the
/// lock after a write while it is busy: it lets it go once it has gone unused for a whole
/// ``idleTime`` (so between one and two of them after its last use), and after ``longestHold``
/// of continuous use at the latest, so another process's write waits at most about that long. A
/// process that dies holding it loses it with its descriptors.
///
/// A use only sets a flag (no clock read on the write path); the clock is read when the lock is
/// taken and when the release timer looks.
struct BasicLockLease {
    /// How long the lock must go unused before it is let go (nanoseconds).
    static let idleTime: UInt64 = 1_000_000
    /// How long the lock is held at most at a stretch (nanoseconds).
    static let longestHold: UInt64 = 10_000_000

    private var takenAt: UInt64 = 0
    /// Whether the lock was used since it was taken or since the release timer last looked.
    private var usedSinceLook = false

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The lock was just taken.
    mutating func began() {
        takenAt = Self.now()
        usedSinceLook = false
    }

    /// The lock was just used.
    mutating func used() {
        usedSinceLook = true
    }

    /// Called by the release timer about every ``idleTime``: how long the lock may still be kept
    /// (nanoseconds), or `nil` when it should go now — it went unused since the last look, or it
    /// has been held for ``longestHold``.
    mutating func remaining() -> UInt64? {
        // The clock is monotonic, so `now` is never before `takenAt` (were it, the wrapped
        // difference would be huge and the lock would go).
        let held = Self.now() &- takenAt
        guard usedSinceLook, held < Self.longestHold else { return nil }
        usedSinceLook = false
        return min(Self.idleTime, Self.longestHold - held)
    }
}
