extension BasicValueStore {
    /// The values of a typed key as they change: first the current value, then the new value
    /// after each set, update or removal (a removal yields the key's default, as reads give it).
    ///
    /// ```swift
    /// for await theme in store.changes(forKey: .theme) {
    ///     apply(theme)
    /// }
    /// ```
    ///
    /// Every write of the key yields, even one storing an equal value. Writes by this process
    /// yield at once, through this store or any other store of the process on the same file
    /// (which this one then reads on a pool thread, right after the write); writes by other
    /// processes yield when this store notices them — at its next read, write or ``synchronize()``. A log replaced by another
    /// process (its compaction or ``removeAll()``) yields only for keys whose value differs;
    /// compaction changes no value and yields nothing. The stream never blocks a writer: by
    /// default it keeps only the newest value the consumer has not taken yet (a slow consumer
    /// skips intermediate values but always sees the latest); pass `.unbounded` to see every
    /// write. It ends when the iterating task is cancelled or the store is deallocated, and
    /// unregisters then; it does not keep the store alive.
    ///
    /// - Parameters:
    ///   - key: A typed key.
    ///   - bufferingPolicy: How many values to keep for a consumer that is busy;
    ///     `.bufferingNewest(1)` by default.
    /// - Returns: The stream of the key's values.
    public func changes<Value>(forKey key: Key<Value>,
                               bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .bufferingNewest(1))
        -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        let decode = key.decode
        let defaultValue = key.defaultValue
        let subscriber = BasicChangeBroadcaster.ValueSubscriber(
            yield: { stored in continuation.yield(stored.flatMap(decode) ?? defaultValue) },
            finish: { continuation.finish() })
        let name = key.storageName
        // Under the store's lock: the current value and registration with nothing in between.
        let id = lock.withLock {
            refreshForReadingLocked()
            continuation.yield(index.value(forKey: name).flatMap(decode) ?? defaultValue)
            changeListenersMayExist = true
            return changeBroadcaster.addValueSubscriber(forKey: name, subscriber)
        }
        neighbors.startListening(self)
        continuation.onTermination = { [weak broadcaster = changeBroadcaster] _ in
            broadcaster?.removeValueSubscriber(id, forKey: name)
        }
        return stream
    }

    /// The keys of the store as they change: one ``Change`` per write (set, update, removal,
    /// ``removeAll()``), naming the keys it changed; nothing for the contents at the start.
    ///
    /// ```swift
    /// for await change in store.changes() where change.contains(.theme) {
    ///     reloadTheme()
    /// }
    /// ```
    ///
    /// Writes through another store of this process on the same file arrive at once, and writes
    /// by other processes when this store notices them, as with
    /// ``changes(forKey:bufferingPolicy:)``; compaction yields nothing. Keys changed while the
    /// consumer is busy merge into one ``Change``, so the stream never blocks a writer and never
    /// loses a key. It ends when the iterating task is cancelled or the store is deallocated.
    ///
    /// - Returns: The stream of changes.
    public func changes() -> Changes {
        let (doorbell, ring) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let mailbox = BasicChangeMailbox(doorbell: ring)
        // Under the store's lock, which guards ``changeListenersMayExist``.
        let id = lock.withLock {
            changeListenersMayExist = true
            return changeBroadcaster.addStoreSubscriber(mailbox)
        }
        neighbors.startListening(self)
        ring.onTermination = { [weak broadcaster = changeBroadcaster] _ in
            broadcaster?.removeStoreSubscriber(id)
        }
        return Changes(doorbell: doorbell, mailbox: mailbox)
    }

    // The hooks below are called by the write and refresh paths, holding `lock` (and the `flock`).

    /// Publishes the record setting `key` to `value` (removing it when `nil`) that this store
    /// appended and applied. Needs `lock`.
    func didApplyLocked(key: String, value: BasicValue?) {
        // The store's own flag, not ``BasicChangeBroadcaster/hasNoListeners``: no lock to take.
        guard changeListenersMayExist else { return }
        if !changeBroadcaster.publish([BasicChangeBroadcaster.Event(key: key, value: value)]) {
            changeListenersMayExist = false
        }
    }

    /// After this store appended a record or replaced the log: has the other stores of this
    /// process on the file that listen read it at once (``BasicStoreNeighbors``). Needs `lock`.
    func didWriteLocked() {
        guard neighborsMayListen else { return }
        if !neighbors.wrote(self) { neighborsMayListen = false }
    }

    /// Publishes records another process (or store) appended, read and applied. Needs `lock`.
    func didApplyAppendedLocked(_ events: [BasicChangeBroadcaster.Event]) {
        guard !events.isEmpty, !changeBroadcaster.hasNoListeners else { return }
        changeBroadcaster.publish(events)
    }

    /// Publishes the removal of every key, before ``removeAll()`` empties the index. Needs `lock`.
    func willRemoveAllLocked() {
        guard !index.isEmpty, !changeBroadcaster.hasNoListeners else { return }
        changeBroadcaster.publish(index.sortedKeys.map { BasicChangeBroadcaster.Event(key: $0, value: nil) })
    }

    /// ``reloadAllLocked()`` for a log replaced behind this store's back, publishing the keys whose
    /// values differ afterwards (none after a compaction). Needs `lock` and the `flock`.
    ///
    /// - Throws: What ``reloadAllLocked()`` throws; what changed until then is still published.
    func reloadAllPublishingLocked() throws(PersistenceError) {
        guard !changeBroadcaster.hasNoListeners else { return try reloadAllLocked() }
        let before = index.values
        defer { publishDifferencesLocked(from: before) }
        try reloadAllLocked()
    }

    /// Publishes every key whose value differs between `before` and the index (as stored: `0.0` and
    /// `-0.0` differ, a NaN is unchanged). Needs `lock`.
    private func publishDifferencesLocked(from before: [String: BasicValue]) {
        let after = index.values
        var events: [BasicChangeBroadcaster.Event] = []
        for (key, value) in after where !(before[key].map { value.isSameStoredValue(as: $0) } ?? false) {
            events.append(BasicChangeBroadcaster.Event(key: key, value: value))
        }
        for key in before.keys where after[key] == nil {
            events.append(BasicChangeBroadcaster.Event(key: key, value: nil))
        }
        changeBroadcaster.publish(events.sorted { $0.key < $1.key })
    }
}

extension BasicValueStore {
    /// Registers an observer of `key` with the broadcaster (``StoredValue``), holding `lock`,
    /// which guards ``changeListenersMayExist``.
    ///
    /// - Parameters:
    ///   - id: From ``BasicChangeBroadcaster/reserveObserverID()``.
    ///   - key: The normalized key.
    ///   - notify: Called on the broadcaster's queue after each change of the key.
    func addChangeObserver(_ id: Int, forKey key: String, _ notify: @escaping @Sendable () -> Void) {
        lock.withLock {
            changeListenersMayExist = true
            changeBroadcaster.addObserver(id, forKey: key, notify)
        }
        neighbors.startListening(self)
    }

    /// How many change streams and observers are registered (tests: termination unregisters).
    package var changeListenerCount: Int {
        changeBroadcaster.listenerCount
    }

    /// Waits until every observer notification scheduled so far has run (tests).
    package func waitForChangeObservers() {
        changeBroadcaster.drainObservers()
    }
}
