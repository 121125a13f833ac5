#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A plain mutual-exclusion lock around a value: the lock of the stores and the cache.
///
/// Raw-pointer code, kept to the two allocations below (the cache's `LinkedIndex` is the only
/// other such code in the storage layer).
///
/// `Mutex` from Synchronization needs macOS 15 / iOS 18, newer than the package's platforms, so
/// this wraps the platform's lock directly: `os_unfair_lock` on Apple platforms, a
/// `pthread_mutex_t` elsewhere. The lock lives in its own allocation because neither may move.
@usableFromInline
package final class StateLock<State>: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline let lock: UnsafeMutablePointer<os_unfair_lock>
    #else
    @usableFromInline let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    // Only touched inside `withLock`, which is what makes the unchecked Sendable sound. Held
    // through a pointer rather than a stored property so each access skips the runtime's dynamic
    // exclusivity check (the lock already guarantees exclusive access).
    @usableFromInline let state: UnsafeMutablePointer<State>

    /// Creates a lock guarding `state`.
    ///
    /// - Parameter state: The initial value.
    package init(_ state: State) {
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
        #if canImport(Darwin)
        lock = .allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
        #else
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    ///
    /// - Parameter body: Reads or changes the state; must not take this lock again.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&state.pointee)
    }
}
