extension BasicValueStore {
    /// Which keys of a store changed, as ``BasicValueStore/changes()`` reports them.
    ///
    /// One change may stand for several writes: keys changed while the consumer was busy are
    /// merged into the next change.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        /// The keys that were set, updated or removed, normalized (NFC).
        public var keys: Set<String>

        /// Creates a change of `keys`.
        ///
        /// - Parameter keys: Normalized keys.
        public init(keys: Set<String>) {
            self.keys = keys
        }

        /// Whether the change includes `key`.
        ///
        /// - Parameter key: A typed key.
        /// - Returns: `true` when its value was set, updated or removed.
        public func contains<Value>(_ key: Key<Value>) -> Bool {
            keys.contains(key.storageName)
        }

        /// Whether the change includes `key`.
        ///
        /// - Parameter key: Any string; compared after normalization, as the store compares keys.
        /// - Returns: `true` when its value was set, updated or removed.
        public func contains(_ key: String) -> Bool {
            keys.contains(KeyFileName.normalized(key))
        }

        /// `Change(keys: [...])`, the keys sorted.
        public var description: String {
            "Change(keys: \(keys.sorted()))"
        }
    }
}
