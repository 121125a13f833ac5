import Dispatch
import Persistence
import Foundation

/// Runs benchmark work on several real threads at once: `concurrentPerform` would run only as many
/// as there are cores, and the concurrency rows measure what happens when more writers wait.
enum BenchmarkThreads {
    /// Runs `body(thread)` on `count` threads of their own and returns when all have finished.
    ///
    /// - Parameters:
    ///   - count: How many threads.
    ///   - body: The work of one thread, given its index.
    /// - Throws: The first error any thread threw.
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
        let failures = StateLock<(any Error)?>(nil)
        let done = DispatchGroup()
        for thread in 0 ..< count {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                do {
                    try body(thread)
                } catch {
                    failures.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        done.wait()
        if let error = failures.withLock({ $0 }) { throw error }
    }
}
