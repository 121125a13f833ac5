import Dispatch
import Foundation

/// The basic-value stores of this process open on one log file, so that a write through one
/// reaches the change streams and observers of the others at once: each of those reads the
/// appended records (on a pool thread, soon after the write) as it reads another process's when
/// it next touches the file, and publishes them through its own broadcaster — in order, once.
///
/// A store joins when it opens and leaves when it is freed; the neighbors of a path live as long
/// as a store on it. Writers pay for this only while
/// another store on the file has listeners: the writer's ``BasicValueStore/neighborsMayListen``
/// flag, guarded by its own lock, is set by a neighbor that starts listening and cleared by the
/// writer when it finds none left. Lock order: a store's lock, then this one's; this lock is
/// never held while a store's is taken.
final class BasicStoreNeighbors: @unchecked Sendable {
    // @unchecked: `members`, `listening` and `refreshing` are only touched while `lock` is held.

    /// A store, not kept alive by its neighbors.
    private struct Member {
        weak var store: BasicValueStore?
    }

    private let lock = NSLock()
    private var members: [ObjectIdentifier: Member] = [:]
    /// The members that have registered a change listener (until a refresh finds none left).
    private var listening: Set<ObjectIdentifier> = []
    /// The members whose refresh is scheduled and has not started: a burst of writes schedules one.
    private var refreshing: Set<ObjectIdentifier> = []

    // MARK: The registry

    /// The neighbors of each log path with a store open on it, not kept alive by the registry:
    /// every store holds its own, so an entry lives as long as a store on its path.
    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: Entry] = [:]
    /// When the registry next drops the entries of paths no store is open on.
    nonisolated(unsafe) private static var pruneAt = 64

    private struct Entry {
        weak var neighbors: BasicStoreNeighbors?
    }

    /// The neighbors of the log at `path` (as the store names it), made if no store is open on it.
    static func forLog(at path: String) -> BasicStoreNeighbors {
        registryLock.withLock {
            if let existing = registry[path]?.neighbors { return existing }
            let created = BasicStoreNeighbors()
            registry[path] = Entry(neighbors: created)
            if registry.count >= pruneAt {
                registry = registry.filter { $0.value.neighbors != nil }
                pruneAt = Swift.max(64, registry.count * 2)
            }
            return created
        }
    }

    /// Adds `store`, once it is fully made.
    ///
    /// - Returns: Whether another member already listens.
    func join(_ store: BasicValueStore) -> Bool {
        lock.withLock {
            members[ObjectIdentifier(store)] = Member(store: store)
            return !listening.isEmpty
        }
    }

    /// Removes the store identified by `id` (from its `deinit`).
    func leave(_ id: ObjectIdentifier) {
        lock.withLock {
            members[id] = nil
            listening.remove(id)
            refreshing.remove(id)
        }
    }

    // MARK: Listening and writing

    /// Records that `store` has a change listener, and tells every other member (each under its
    /// own lock, this one not held) that a neighbor listens. Call without holding `store`'s lock.
    func startListening(_ store: BasicValueStore) {
        let id = ObjectIdentifier(store)
        let others: [BasicValueStore] = lock.withLock {
            guard listening.insert(id).inserted else { return [] }
            return members.compactMap { $0.key == id ? nil : $0.value.store }
        }
        for other in others { other.lock.withLock { other.neighborsMayListen = true } }
    }

    /// After `writer` appended to the log or replaced it (holding its lock): schedules a refresh
    /// of every other member that listens.
    ///
    /// - Returns: Whether another member listens; the writer stops calling when not.
    func wrote(_ writer: BasicValueStore) -> Bool {
        let id = ObjectIdentifier(writer)
        let (due, othersListen): ([BasicValueStore], Bool) = lock.withLock {
            var due: [BasicValueStore] = []
            var othersListen = false
            for member in listening where member != id {
                othersListen = true
                guard refreshing.insert(member).inserted else { continue }
                // Only stores that go into `due` are retained here: one released under this lock
                // could be the last reference, and its `deinit` takes this lock.
                if let store = members[member]?.store { due.append(store) } else { refreshing.remove(member) }
            }
            return (due, othersListen)
        }
        for store in due {
            DispatchQueue.global(qos: .utility).async { [weak self] in self?.refresh(store) }
        }
        return othersListen
    }

    /// Reads what the neighbors wrote into `store`, which publishes it; a store found with no
    /// listener left stops being refreshed.
    private func refresh(_ store: BasicValueStore) {
        let id = ObjectIdentifier(store)
        lock.withLock { _ = refreshing.remove(id) }
        store.lock.withLock { store.refreshForReadingLocked() }
        guard store.changeBroadcaster.hasNoListeners else { return }
        lock.withLock { _ = listening.remove(id) }
        // A listener registered meanwhile may have been recorded before the removal: record it again.
        if !store.changeBroadcaster.hasNoListeners { startListening(store) }
    }
}
