import ArchivistCache
import Foundation

/// A wall clock the tests move by hand.
final class TestClock: @unchecked Sendable {
    // @unchecked: `seconds` is only touched while `lock` is held.
    private let lock = NSLock()
    private var seconds: Double

    init(_ seconds: Double = 1_700_000_000) {
        self.seconds = seconds
    }

    var now: Double { lock.withLock { seconds } }

    func advance(by interval: Double) {
        lock.withLock { seconds += interval }
    }

    var cacheClock: CacheClock { CacheClock { [self] in now } }
}
