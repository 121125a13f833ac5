extension BasicValueStore {
    /// The value under a typed key: the stored value, or the key's default when nothing — or a
    /// value of another type — is stored. Setting stores the value (`nil` removes, for optional keys).
    ///
    /// ```swift
    /// store[.launches] += 1
    /// ```
    ///
    /// The setter cannot throw. When its write fails the previous value stays stored and the
    /// error is kept in ``lastWriteError``; use ``set(_:forKey:)-(_,Key<Value>)`` to handle
    /// failures where they happen.
    ///
    /// - Parameter key: A typed key.
    public subscript<Value>(key: Key<Value>) -> Value {
        get {
            value(forKey: key.storageName).flatMap(key.decode) ?? key.defaultValue
        }
        set {
            do {
                try set(newValue, forKey: key)
                changeBroadcaster.lastWriteError = nil
            } catch {
                changeBroadcaster.lastWriteError = error
            }
        }
    }

    /// The value under a typed key, strictly: a stored value of another type is an error.
    ///
    /// - Parameter key: A typed key.
    /// - Returns: The stored value, or the key's default when nothing is stored.
    /// - Throws: ``PersistenceError`` of kind `.typeMismatch` naming the key, the expected type
    ///   and the stored kind.
    public func value<Value>(forKey key: Key<Value>) throws(PersistenceError) -> Value {
        guard let stored = value(forKey: key.storageName) else { return key.defaultValue }
        return try decode(stored, for: key)
    }

    /// Stores a value under a typed key, replacing any previous value; `nil` removes the key
    /// (for optional keys).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: A typed key.
    /// - Throws: ``PersistenceError`` as ``set(_:forKey:)-(BasicValue,String)``; the previous
    ///   value is then still stored.
    public func set<Value>(_ value: Value, forKey key: Key<Value>) throws(PersistenceError) {
        if let stored = key.encode(value) {
            try set(stored, forKey: key.storageName)
        } else {
            try removeValue(forKey: key.storageName)
        }
    }

    /// Removes the value under a typed key, so reads give its default again.
    ///
    /// - Parameter key: A typed key.
    /// - Throws: ``PersistenceError`` as ``removeValue(forKey:)-(String)``.
    public func removeValue<Value>(forKey key: Key<Value>) throws(PersistenceError) {
        try removeValue(forKey: key.storageName)
    }

    /// Reads, changes and writes the value under a typed key as one step, excluding other threads
    /// and processes in between, as ``update(forKey:_:)-(String,_)`` does.
    ///
    /// ```swift
    /// try store.update(forKey: .launches) { $0 += 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - key: A typed key.
    ///   - body: Receives the current value (the key's default when nothing is stored) and may
    ///     change it; setting an optional key's value to `nil` removes the key. Must not use this store.
    /// - Returns: What `body` returns.
    /// - Throws: ``PersistenceError`` of kind `.typeMismatch` when the stored value has another
    ///   type (nothing is written), what `body` throws (nothing is written), or a write failure.
    @discardableResult
    public func update<Value, Result>(forKey key: Key<Value>, _ body: (inout Value) throws -> Result) throws -> Result {
        try update(forKey: key.storageName) { stored throws -> Result in
            var value = try stored.map { stored throws(PersistenceError) in try decode(stored, for: key) } ?? key.defaultValue
            let result = try body(&value)
            stored = key.encode(value)
            return result
        }
    }

    /// The failure of the most recent write through a setter that cannot throw — the subscript
    /// ``subscript(_:)`` or a ``Stored`` property — or `nil` when that write succeeded.
    ///
    /// Throwing calls leave it alone. Each such write replaces it, so with several threads writing
    /// through setters, use ``set(_:forKey:)-(_,Key<Value>)`` to learn which write failed.
    public var lastWriteError: PersistenceError? {
        changeBroadcaster.lastWriteError
    }

    /// Converts a stored value, or reports the mismatch.
    private func decode<Value>(_ stored: BasicValue, for key: Key<Value>) throws(PersistenceError) -> Value {
        guard let value = key.decode(stored) else {
            throw PersistenceError(.typeMismatch, "key \"\(key.name)\" holds a \(stored.kindName), not \(Value.self)",
                                   key: key.name, path: fileURL.path)
        }
        return value
    }
}
