import Foundation

extension Cache {
    /// The value of `key` in a format: from memory, else from the disk (the value then enters
    /// memory).
    ///
    /// A memory hit returns at once. A disk read (and its decoding) runs on a background queue while
    /// the calling task is suspended, so the cooperative pool's thread is free meanwhile.
    /// - Parameters:
    ///   - key: The key.
    ///   - format: A registered format's name.
    /// - Returns: The value.
    /// - Throws: ``CacheError`` `.notFound`, `.diskEntryUnreadable` (the entry was removed) or
    ///   `.formatNotRegistered`.
    @inlinable
    public func value(forKey key: String, format: String) async throws(CacheError) -> Value {
        let store = try store(format, key: key)
        if let value = store.memory.value(for: key) { return value }
        return try await store.diskValueOffTask(for: key)
    }

    /// The value of `key` in a format, looked up on the calling thread (blocking while a disk entry
    /// is read and decoded).
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - format: A registered format's name.
    /// - Returns: The value.
    /// - Throws: ``CacheError`` `.notFound`, `.diskEntryUnreadable` (the entry was removed) or
    ///   `.formatNotRegistered`.
    @inlinable
    public func cachedValue(forKey key: String, format: String) throws(CacheError) -> Value {
        try store(format, key: key).cachedValue(for: key)
    }

    /// Looks up `key` in a format and calls back, Haneke style.
    ///
    /// On a memory hit `success` runs before this method returns, on the calling thread, and the
    /// method returns `true`. Otherwise the method returns `false` at once and the disk is read in
    /// the background; `success` or `failure` is then called on a background thread.
    /// - Parameters:
    ///   - key: The key.
    ///   - format: A registered format's name.
    ///   - failure: Called with the ``CacheError`` when there is no value.
    ///   - success: Called with the value.
    /// - Returns: Whether the value was in memory (and `success` has already run).
    @inlinable @discardableResult
    public func fetchValue(forKey key: String, format: String,
                           failure: (@Sendable (CacheError) -> Void)? = nil,
                           success: @escaping @Sendable (Value) -> Void) -> Bool {
        let store: FormatStore<Value>
        do {
            store = try self.store(format, key: key)
        } catch {
            failure?(error)
            return false
        }
        if let value = store.memory.value(for: key) {
            success(value)
            return true
        }
        DispatchQueue.global(qos: .userInitiated).async {
            do throws(CacheError) {
                success(try store.cachedValue(for: key))
            } catch {
                failure?(error)
            }
        }
        return false
    }

    /// The value of the fetcher's key in a format, fetching (transforming and storing) it when it
    /// is in neither level.
    ///
    /// Concurrent requests for one key and format share one call of ``Fetcher/fetch()``. Cancelling
    /// a request's task ends that request with `.cancelled`; when every request waiting on a fetch
    /// is cancelled, the fetch's task is cancelled and ``Fetcher/cancel()`` is called. A corrupt
    /// disk entry counts as a miss here (it is removed and fetched again).
    /// - Parameters:
    ///   - fetcher: Names the key and produces the value on a miss.
    ///   - format: A registered format's name.
    /// - Returns: The cached or fetched value.
    /// - Throws: ``CacheError`` `.fetcherFailed`, `.fetcherReturnedNothing`, `.encodingFailed` (the
    ///   format's transform threw), `.cancelled` or `.formatNotRegistered`.
    public func value<F: Fetcher>(from fetcher: F, format: String) async throws(CacheError) -> Value
    where F.Value == Value {
        try await store(format, key: fetcher.key).value(from: fetcher)
    }

    /// Looks up the fetcher's key in a format, fetching on a miss, and calls back.
    ///
    /// On a memory hit `success` runs before this method returns and the method returns `true`.
    /// Otherwise it returns `false` and calls `success` or `failure` later on a background thread.
    /// - Parameters:
    ///   - fetcher: Names the key and produces the value on a miss.
    ///   - format: A registered format's name.
    ///   - failure: Called with the ``CacheError`` when no value could be had.
    ///   - success: Called with the value.
    /// - Returns: Whether the value was in memory (and `success` has already run).
    @discardableResult
    public func fetchValue<F: Fetcher>(from fetcher: F, format: String,
                                       failure: (@Sendable (CacheError) -> Void)? = nil,
                                       success: @escaping @Sendable (Value) -> Void) -> Bool
    where F.Value == Value {
        let store: FormatStore<Value>
        do {
            store = try self.store(format, key: fetcher.key)
        } catch {
            failure?(error)
            return false
        }
        if let value = store.memory.value(for: fetcher.key) {
            success(value)
            return true
        }
        Task {
            do throws(CacheError) {
                success(try await store.value(from: fetcher))
            } catch {
                failure?(error)
            }
        }
        return false
    }
}
