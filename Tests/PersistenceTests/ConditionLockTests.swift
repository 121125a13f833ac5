import Dispatch
import Foundation
import Persistence
import Testing

/// The lock with several conditions under group commit: signals and broadcasts wake the waiters
/// of their condition, and timed waits end at their deadline.
@Suite struct ConditionLockTests {
    /// State guarded by the lock under test.
    private final class Shared: @unchecked Sendable {
        // @unchecked: every field is only touched while `lock` is held.
        let lock = ConditionLock(conditions: 2)
        var ready = false
        var woken = 0
    }

    private static let first = ConditionLock.Condition(0)
    private static let second = ConditionLock.Condition(1)

    @Test func aWaitWhoseDeadlineHasPassedReturnsFalseAtOnce() {
        let lock = ConditionLock(conditions: 1)
        lock.lock()
        defer { lock.unlock() }
        #expect(!lock.wait(Self.first, until: 0))
        #expect(!lock.wait(Self.first, until: ConditionLock.now()))
    }

    @Test func aTimedWaitNobodySignalsEndsAfterItsDeadline() {
        let lock = ConditionLock(conditions: 1)
        lock.lock()
        defer { lock.unlock() }
        let deadline = ConditionLock.now() + 20_000_000
        // Spurious wake-ups may end a wait early; the loop stops only at the deadline.
        while lock.wait(Self.first, until: deadline) {}
        #expect(ConditionLock.now() >= deadline)
    }

    @Test func theMonotonicClockNeverGoesBack() {
        var last = ConditionLock.now()
        for _ in 0 ..< 1_000 {
            let next = ConditionLock.now()
            #expect(next >= last)
            last = next
        }
    }

    @Test func aSignalWakesAWaiterOfItsCondition() {
        let shared = Shared()
        let done = Self.startWaiters(1, for: Self.second, on: shared)
        shared.lock.lock()
        shared.ready = true
        shared.lock.signal(Self.second)
        shared.lock.unlock()
        done.wait()
        shared.lock.lock()
        #expect(shared.woken == 1)
        shared.lock.unlock()
    }

    @Test func aBroadcastWakesEveryWaiterOfItsCondition() {
        let shared = Shared()
        let waiters = 4
        let done = Self.startWaiters(waiters, for: Self.second, on: shared)
        shared.lock.lock()
        shared.ready = true
        shared.lock.broadcast(Self.second)
        shared.lock.unlock()
        for _ in 0 ..< waiters { done.wait() }
        shared.lock.lock()
        #expect(shared.woken == waiters)
        shared.lock.unlock()
    }

    /// Starts `count` threads that each wait for `condition` until `shared.ready`, count
    /// themselves woken and signal the returned semaphore.
    private static func startWaiters(_ count: Int, for condition: ConditionLock.Condition,
                                     on shared: Shared) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        for _ in 0 ..< count {
            Thread.detachNewThread {
                shared.lock.lock()
                while !shared.ready { shared.lock.wait(condition) }
                shared.woken += 1
                shared.lock.unlock()
                done.signal()
            }
        }
        return done
    }
}
