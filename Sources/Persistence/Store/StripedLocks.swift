import Foundation

/// A fixed set of locks chosen by a key's hash: per-key mutual exclusion without a lock per key.
final class StripedLocks: Sendable {
    private let locks: [NSLock]

    /// Creates `count` locks.
    init(count: Int) {
        locks = (0..<max(1, count)).map { _ in NSLock() }
    }

    /// Runs `body` holding the lock of `key`'s stripe.
    func withLock<Result, Failure: Error>(for key: String,
                                          _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        var hasher = Hasher()
        hasher.combine(key)
        let lock = locks[Int(UInt(bitPattern: hasher.finalize()) % UInt(locks.count))]
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
