import Dispatch
import Foundation

/// Tells a basic-value store's change streams and observers what changed.
///
/// The store calls ``publish(_:)`` while it holds its own lock, so events reach each stream in
/// the order the changes were made. Publishing only yields to `AsyncStream` continuations (which
/// never block and run no user code) and schedules observers on a serial queue, so no user code
/// ever runs under the store's lock. Lock order: the store's lock, then this one.
final class BasicChangeBroadcaster: @unchecked Sendable {
    // @unchecked: every mutable property below is only touched while `lock` is held.

    /// What one change did to one key.
    struct Event {
        /// The normalized key.
        var key: String
        /// The new value, or `nil` when the key was removed.
        var value: BasicValue?
    }

    /// A per-key value stream.
    struct ValueSubscriber: Sendable {
        /// Converts and yields a new value (`nil`: the key was removed).
        var yield: @Sendable (BasicValue?) -> Void
        /// Ends the stream.
        var finish: @Sendable () -> Void
    }

    private let lock = NSLock()
    private var nextID = 0
    /// Per-key value streams.
    private var valueSubscribers: [String: [Int: ValueSubscriber]] = [:]
    /// Whole-store streams.
    private var storeSubscribers: [Int: BasicChangeMailbox] = [:]
    /// Per-key observers (``StoredValue``'s observation registrars), called on ``queue``.
    private var observers: [String: [Int: @Sendable () -> Void]] = [:]
    /// Whether any of the three tables holds anything: publishing is one check when not.
    private var isEmpty = true
    /// The most recent failure of a write that cannot throw (subscript and `@Stored` setters).
    private var lastNonThrowingWriteError: PersistenceError?
    /// Where observers run, in the order the changes were made, outside every lock.
    private let queue = DispatchQueue(label: "Archivist.BasicValueStore.observers")

    deinit {
        // The store is gone: end its streams (their termination handlers find no broadcaster).
        for subscribers in valueSubscribers.values {
            for subscriber in subscribers.values { subscriber.finish() }
        }
        for mailbox in storeSubscribers.values { mailbox.finish() }
    }

    /// Whether nothing listens, so the store can skip collecting events.
    var hasNoListeners: Bool {
        lock.withLock { isEmpty }
    }

    /// Delivers `events`. Call holding the store's lock, after the index reflects them.
    ///
    /// - Parameter events: The changes, in the order they were made.
    /// - Returns: `false` when nothing listens (then nothing was delivered): the store stops
    ///   publishing until something registers again.
    @discardableResult
    func publish(_ events: [Event]) -> Bool {
        guard !events.isEmpty else { return true }
        lock.lock()
        defer { lock.unlock() }
        guard !isEmpty else { return false }
        var toNotify: [@Sendable () -> Void] = []
        for event in events {
            if let subscribers = valueSubscribers[event.key] {
                for subscriber in subscribers.values { subscriber.yield(event.value) }
            }
            if let keyObservers = observers[event.key] { toNotify.append(contentsOf: keyObservers.values) }
        }
        if !storeSubscribers.isEmpty {
            let keys = Set(events.map(\.key))
            for mailbox in storeSubscribers.values { mailbox.post(keys) }
        }
        if !toNotify.isEmpty {
            let notifications = toNotify
            queue.async { for notify in notifications { notify() } }
        }
        return true
    }

    /// Adds a per-key value stream. Call holding the store's lock, right after yielding the
    /// current value, so no change falls between the two.
    ///
    /// - Parameters:
    ///   - key: The normalized key.
    ///   - subscriber: The stream's yield and finish.
    /// - Returns: The subscription's identifier, for ``removeValueSubscriber(_:forKey:)``.
    func addValueSubscriber(forKey key: String, _ subscriber: ValueSubscriber) -> Int {
        lock.withLock {
            let id = makeID()
            valueSubscribers[key, default: [:]][id] = subscriber
            return id
        }
    }

    /// Removes a per-key value stream (its termination handler calls this).
    func removeValueSubscriber(_ id: Int, forKey key: String) {
        // The closure (and the continuation it holds) is released after the lock.
        let removed = lock.withLock {
            let removed = valueSubscribers[key]?.removeValue(forKey: id)
            if valueSubscribers[key]?.isEmpty == true { valueSubscribers[key] = nil }
            updateIsEmpty()
            return removed
        }
        _ = removed
    }

    /// Adds a whole-store stream.
    ///
    /// - Parameter mailbox: Where the stream's changed keys collect.
    /// - Returns: The subscription's identifier, for ``removeStoreSubscriber(_:)``.
    func addStoreSubscriber(_ mailbox: BasicChangeMailbox) -> Int {
        lock.withLock {
            let id = makeID()
            storeSubscribers[id] = mailbox
            return id
        }
    }

    /// Removes a whole-store stream (its termination handler calls this).
    func removeStoreSubscriber(_ id: Int) {
        let removed = lock.withLock {
            let removed = storeSubscribers.removeValue(forKey: id)
            updateIsEmpty()
            return removed
        }
        _ = removed
    }

    /// An identifier for ``addObserver(_:forKey:_:)``, taken before the observer exists (an
    /// object registering itself needs the identifier among its stored properties).
    func reserveObserverID() -> Int {
        lock.withLock {
            nextID += 1
            return nextID
        }
    }

    /// Adds an observer of one key, called on a serial queue after each change of the key.
    ///
    /// - Parameters:
    ///   - id: From ``reserveObserverID()``.
    ///   - key: The normalized key.
    ///   - notify: Called with no lock held; must not block for long.
    func addObserver(_ id: Int, forKey key: String, _ notify: @escaping @Sendable () -> Void) {
        lock.withLock {
            observers[key, default: [:]][id] = notify
            isEmpty = false
        }
    }

    /// Removes an observer; a notification already scheduled may still run.
    func removeObserver(_ id: Int, forKey key: String) {
        let removed = lock.withLock {
            let removed = observers[key]?.removeValue(forKey: id)
            if observers[key]?.isEmpty == true { observers[key] = nil }
            updateIsEmpty()
            return removed
        }
        _ = removed
    }

    /// Subscribers and observers now registered, for tests: whether streams unregister.
    var listenerCount: Int {
        lock.withLock {
            valueSubscribers.values.reduce(0) { $0 + $1.count } + storeSubscribers.count
                + observers.values.reduce(0) { $0 + $1.count }
        }
    }

    /// The failure of the most recent write that could not throw, or `nil` after a success.
    var lastWriteError: PersistenceError? {
        get { lock.withLock { lastNonThrowingWriteError } }
        set { lock.withLock { lastNonThrowingWriteError = newValue } }
    }

    /// Waits until every observer notification scheduled so far has run (tests).
    func drainObservers() {
        queue.sync {}
    }

    /// A fresh identifier. Needs `lock`.
    private func makeID() -> Int {
        nextID += 1
        isEmpty = false
        return nextID
    }

    /// Recomputes ``isEmpty``. Needs `lock`.
    private func updateIsEmpty() {
        isEmpty = valueSubscribers.isEmpty && storeSubscribers.isEmpty && observers.isEmpty
    }
}
