import Dispatch

/// Runs blocking work (file I/O, decoding a disk entry) on a Dispatch queue while the calling task
/// is suspended: the threads of Swift's cooperative pool must never wait on the disk.
enum OffTaskWork {
    /// The queue the work runs on: a concurrent queue of its own, not a global one.
    ///
    /// A global queue runs at most about one block per core at once, so on a small machine a
    /// few blocking reads (or anyone else's blocking work on that queue) kept further reads from
    /// even starting. A queue created here is served by threads added on demand, as work that
    /// waits on the disk needs.
    private static let queue = DispatchQueue(label: "Archivist.Cache.OffTaskWork", qos: .userInitiated,
                                             attributes: .concurrent)

    /// Runs `body` on ``queue`` and returns its result to the suspended caller.
    ///
    /// - Parameter body: The blocking work.
    /// - Returns: What `body` returned.
    @usableFromInline
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            queue.async { continuation.resume(returning: body()) }
        }
    }
}
