import Dispatch

/// Runs blocking work (file I/O, decoding a disk entry) on a Dispatch queue while the calling task
/// is suspended: the threads of Swift's cooperative pool must never wait on the disk.
enum OffTaskWork {
    /// Runs `body` on a global queue and returns its result to the suspended caller.
    ///
    /// - Parameter body: The blocking work.
    /// - Returns: What `body` returned.
    @usableFromInline
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: body()) }
        }
    }
}
