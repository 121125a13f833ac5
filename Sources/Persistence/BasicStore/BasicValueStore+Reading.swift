import Foundation

extension BasicValueStore {
    /// The value stored under `key`.
    ///
    /// - Parameter key: Any string; keys are compared after Unicode normalization (NFC).
    /// - Returns: The value, or `nil` when there is none.
    public func value(forKey key: String) -> BasicValue? {
        let key = KeyFileName.normalized(key)
        lock.lock()
        defer { lock.unlock() }
        refreshForReadingLocked()
        return index.decodingValue(forKey: key)
    }

    /// Every key with a value, sorted.
    public var keys: [String] {
        lock.lock()
        defer { lock.unlock() }
        refreshForReadingLocked()
        return index.sortedKeys
    }

    /// Whether `key` has a value.
    ///
    /// - Parameter key: Any string.
    /// - Returns: `true` when a value is stored under it.
    public func contains(_ key: String) -> Bool {
        value(forKey: key) != nil
    }

    /// All keys and values, like `UserDefaults.dictionaryRepresentation()`.
    ///
    /// - Returns: A snapshot of the store.
    public func dictionaryRepresentation() -> [String: BasicValue] {
        lock.lock()
        defer { lock.unlock() }
        refreshForReadingLocked()
        return index.values
    }

    /// Sizes and repair counters.
    public var statistics: BasicValueStoreStatistics {
        lock.lock()
        defer { lock.unlock() }
        refreshForReadingLocked()
        var result = repairs
        result.count = index.count
        result.fileSize = log.end
        result.liveBytes = index.liveBytes
        return result
    }
}
