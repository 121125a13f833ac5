import Foundation

/// Where one whole-store change stream collects changed keys until its consumer takes them.
///
/// Changes never queue up: keys posted while the consumer is busy merge into one set, and a
/// doorbell (an `AsyncStream<Void>` keeping only the newest ring) wakes the consumer. So a slow
/// consumer costs memory in proportion to the keys, never to the number of writes, and never
/// misses a key.
final class BasicChangeMailbox: @unchecked Sendable {
    // @unchecked: `pending` is only touched while `lock` is held; the continuation is Sendable.
    private let lock = NSLock()
    private var pending: Set<String> = []
    private let doorbell: AsyncStream<Void>.Continuation

    /// Creates a mailbox that rings `doorbell`.
    ///
    /// - Parameter doorbell: The continuation of a stream buffering the newest element only.
    init(doorbell: AsyncStream<Void>.Continuation) {
        self.doorbell = doorbell
    }

    /// Adds changed keys and wakes the consumer. Never blocks.
    ///
    /// - Parameter keys: Normalized keys.
    func post(_ keys: Set<String>) {
        lock.withLock { pending.formUnion(keys) }
        doorbell.yield()
    }

    /// The keys changed since the last call, emptying the mailbox.
    ///
    /// - Returns: The keys; empty when a ring was for keys already taken.
    func take() -> Set<String> {
        lock.withLock {
            defer { pending = [] }
            return pending
        }
    }

    /// Ends the stream (the store is gone).
    func finish() {
        doorbell.finish()
    }
}
