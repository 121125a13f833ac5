import Observation

/// One typed key of a basic-value store as an observable value: reading ``value`` reads the
/// store, setting it writes the store, and Observation (SwiftUI, `withObservationTracking`)
/// sees every change of the key — made through this object, through the store, through another
/// store on the file, or by another process once the store notices it.
///
/// ```swift
/// let launches = StoredValue(.launches, in: store)
/// launches.value += 1
/// ```
///
/// The ``Stored`` property wrapper keeps one of these as its projected value. Nothing is cached:
/// every read is a store read (a dictionary lookup), so the value is never stale. Observers are
/// told on a serial background queue shortly after each change (SwiftUI schedules its update on
/// the main actor itself). It holds its store; the store refers to it only weakly, and it stops
/// observing when it is deallocated.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class StoredValue<Value: Sendable>: Observable, Sendable, CustomStringConvertible {
    /// The store the value lives in.
    public let store: BasicValueStore
    /// The key it lives under.
    public let key: BasicValueStore.Key<Value>
    private let registrar = ObservationRegistrar()
    private let observerID: Int

    /// Observes `key` in `store`.
    ///
    /// - Parameters:
    ///   - key: A typed key.
    ///   - store: The store.
    public init(_ key: BasicValueStore.Key<Value>, in store: BasicValueStore) {
        self.store = store
        self.key = key
        observerID = store.changeBroadcaster.reserveObserverID()
        store.addChangeObserver(observerID, forKey: key.storageName) { [weak self] in
            self?.didChange()
        }
    }

    deinit {
        store.changeBroadcaster.removeObserver(observerID, forKey: key.storageName)
    }

    /// The stored value, or the key's default (see ``BasicValueStore/subscript(_:)``); setting
    /// writes the store, keeping a failure in ``BasicValueStore/lastWriteError``.
    public var value: Value {
        get {
            registrar.access(self, keyPath: \.value)
            return store[key]
        }
        set {
            store[key] = newValue
        }
    }

    /// Stores `newValue`, reporting a failure.
    ///
    /// - Parameter newValue: The value; `nil` removes the key, for optional keys.
    /// - Throws: ``PersistenceError`` as ``BasicValueStore/set(_:forKey:)-(_,Key<Value>)``.
    public func set(_ newValue: Value) throws(PersistenceError) {
        try store.set(newValue, forKey: key)
    }

    /// Removes the stored value, so the value reads as the key's default again.
    ///
    /// - Throws: ``PersistenceError`` as ``BasicValueStore/removeValue(forKey:)-(Key<Value>)``.
    public func reset() throws(PersistenceError) {
        try store.removeValue(forKey: key)
    }

    /// The key's values as they change, the current one first (see
    /// ``BasicValueStore/changes(forKey:bufferingPolicy:)``).
    public var changes: AsyncStream<Value> {
        store.changes(forKey: key)
    }

    /// `StoredValue(<key>: <value>)`.
    public var description: String {
        "StoredValue(\(String(reflecting: key.name)): \(String(describing: store[key])))"
    }

    /// Tells Observation that the value changed; called on the store's observer queue.
    private func didChange() {
        registrar.withMutation(of: self, keyPath: \.value) {}
    }
}
