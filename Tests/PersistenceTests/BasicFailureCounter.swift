import Foundation

/// A thread-safe tally of failures seen on worker threads.
final class BasicFailureCounter: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = 0

    func add() { lock.withLock { value += 1 } }

    var count: Int { lock.withLock { value } }
}
