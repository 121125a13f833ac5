import Foundation
@testable import Persistence
import Testing

/// When a basic-value store lets go of the inter-process lock it keeps between writes.
@Suite struct BasicLockLeaseTests {
    @Test func aLockUsedSinceTheLastLookIsKeptAndAnUnusedOneGoes() {
        var lease = BasicLockLease()
        lease.began()
        lease.used()
        let wait = lease.remaining()
        #expect(wait != nil)
        #expect((wait ?? 0) <= BasicLockLease.idleTime)
        // No use since that look: the lock goes.
        #expect(lease.remaining() == nil)
    }

    @Test func aLockTakenButNeverUsedGoesAtTheFirstLook() {
        var lease = BasicLockLease()
        lease.began()
        #expect(lease.remaining() == nil)
    }

    @Test func aLockInConstantUseGoesAfterTheLongestHold() {
        var lease = BasicLockLease()
        lease.began()
        Thread.sleep(forTimeInterval: Double(BasicLockLease.longestHold) / 1e9 + 0.002)
        lease.used()
        #expect(lease.remaining() == nil)
    }

    @Test func takingTheLockAgainForgetsUsesOfTheEarlierHold() {
        var lease = BasicLockLease()
        lease.began()
        lease.used()
        lease.began()
        #expect(lease.remaining() == nil)
    }
}
