import Dispatch

/// Runs blocking test code (semaphores, `concurrentPerform`, sleeps) on a Dispatch thread, so it
/// never holds one of Swift concurrency's few cooperative threads — which the cache's fetch tasks
/// and the other tests running in parallel need.
///
/// - Parameter body: The blocking code.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try body() })
        }
    }
}
