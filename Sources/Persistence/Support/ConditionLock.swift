#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutex with several condition variables, so that threads waiting for different things are
/// woken separately (`NSCondition` has one condition per lock: a signal meant for one waiter
/// wakes all of them).
///
/// Raw-pointer code, like ``StateLock``: the mutex and the conditions live in their own
/// allocations because none of them may move. Waits measure time on the monotonic clock, so a
/// change of the wall clock neither ends nor prolongs them.
package final class ConditionLock: @unchecked Sendable {
    /// One of the lock's conditions, numbered from zero.
    package struct Condition: Sendable, Hashable {
        package let index: Int

        package init(_ index: Int) {
            self.index = index
        }
    }

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>
    private let count: Int

    /// Creates a lock with `count` conditions, ``Condition/init(_:)`` `0 ..< count`.
    ///
    /// - Parameter count: How many conditions; at least one.
    package init(conditions count: Int) {
        self.count = max(1, count)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        conditions = .allocate(capacity: self.count)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if !canImport(Darwin)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        for index in 0 ..< self.count {
            (conditions + index).initialize(to: pthread_cond_t())
            pthread_cond_init(conditions + index, &attributes)
        }
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        for index in 0 ..< count { pthread_cond_destroy(conditions + index) }
        conditions.deinitialize(count: count)
        conditions.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock.
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock.
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Releases the lock, waits until `condition` is signalled (or spuriously), and retakes it.
    /// Needs the lock.
    package func wait(_ condition: Condition) {
        pthread_cond_wait(pointer(condition), mutex)
    }

    /// Like ``wait(_:)``, but gives up at `deadline`.
    ///
    /// - Parameters:
    ///   - condition: What to wait for.
    ///   - deadline: A time of ``now()``'s clock.
    /// - Returns: `false` when the deadline passed first.
    package func wait(_ condition: Condition, until deadline: UInt64) -> Bool {
        let current = Self.now()
        guard deadline > current else { return false }
        #if canImport(Darwin)
        let remaining = deadline - current
        var interval = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
        return pthread_cond_timedwait_relative_np(pointer(condition), mutex, &interval) != ETIMEDOUT
        #else
        var absolute = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        return pthread_cond_timedwait(pointer(condition), mutex, &absolute) != ETIMEDOUT
        #endif
    }

    /// Wakes one thread waiting for `condition`.
    package func signal(_ condition: Condition) {
        pthread_cond_signal(pointer(condition))
    }

    /// Wakes every thread waiting for `condition`.
    package func broadcast(_ condition: Condition) {
        pthread_cond_broadcast(pointer(condition))
    }

    /// Nanoseconds on the monotonic clock, the clock of ``wait(_:until:)``'s deadlines.
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(max(0, time.tv_sec)) &* 1_000_000_000 &+ UInt64(max(0, time.tv_nsec))
    }

    private func pointer(_ condition: Condition) -> UnsafeMutablePointer<pthread_cond_t> {
        conditions + min(max(condition.index, 0), count - 1)
    }
}
