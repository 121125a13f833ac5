import Dispatch
import Foundation
import Persistence

extension Cache {
    /// Stores a value in a format (after its `beforeStore` transform), or removes the key when
    /// `value` is `nil`; returns once the disk entry is written.
    ///
    /// The value is in memory as soon as the call starts, so concurrent reads see it; writes to one
    /// format land on the disk in the order they were issued. When the format's capacity would be
    /// exceeded, least recently used entries are evicted first, so the capacity holds once this
    /// returns. A value whose encoding is larger than the whole capacity stays in memory only.
    /// - Parameters:
    ///   - value: The value, or `nil` to remove the key.
    ///   - key: The key.
    ///   - format: A registered format's name.
    /// - Throws: ``CacheError`` `.encodingFailed` (nothing was stored), `.diskWriteFailed` (the value
    ///   is in memory; the previous disk entry is intact) or `.formatNotRegistered`.
    public func set(_ value: Value?, forKey key: String, format: String) async throws(CacheError) {
        let store = try store(format, key: key)
        guard let value else {
            await withCheckedContinuation { continuation in
                store.remove(key) { continuation.resume() }
            }
            return
        }
        let prepared = try store.prepare(value, key: key)
        let result = await withCheckedContinuation { continuation in
            store.store(prepared, for: key) { continuation.resume(returning: $0) }
        }
        try result.get()
    }

    /// Stores a value (or removes the key when `value` is `nil`) without waiting for the disk:
    /// the value is in memory when this returns, and `completion` is called on a background thread
    /// once the disk entry is written.
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` to remove the key.
    ///   - key: The key.
    ///   - format: A registered format's name.
    ///   - completion: Called with the outcome (see ``set(_:forKey:format:)`` for the errors).
    public func set(_ value: Value?, forKey key: String, format: String,
                    completion: (@Sendable (Result<Void, CacheError>) -> Void)?) {
        let store: FormatStore<Value>
        let prepared: Value?
        do {
            store = try self.store(format, key: key)
            prepared = try value.map { (value: Value) throws(CacheError) -> Value in try store.prepare(value, key: key) }
        } catch {
            completion?(.failure(error))
            return
        }
        // Completions leave the format's lane first, so one may call back into the cache
        // (`register`, `synchronize`) without waiting on the lane they run in.
        guard let prepared else {
            store.remove(key) {
                guard let completion else { return }
                DispatchQueue.global().async { completion(.success(())) }
            }
            return
        }
        store.store(prepared, for: key) { result in
            guard let completion else { return }
            DispatchQueue.global().async { completion(result) }
        }
    }

    /// Removes `key` from both levels of a format; returns once the disk entry is gone.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - format: A registered format's name; an unknown name removes nothing.
    public func removeValue(forKey key: String, format: String) async {
        guard let store = try? store(format, key: key) else { return }
        await withCheckedContinuation { continuation in
            store.remove(key) { continuation.resume() }
        }
    }

    /// Removes every value of a format from both levels; returns once its disk entries are gone.
    /// The format stays registered.
    ///
    /// - Parameter format: A registered format's name; an unknown name removes nothing.
    public func removeAll(format: String) async {
        guard let store = try? store(format, key: "") else { return }
        await withCheckedContinuation { continuation in
            store.removeAll { continuation.resume() }
        }
    }

    /// Removes every value of every format, and the directories of formats not registered in this
    /// process; returns once the disk is clean. Formats stay registered.
    public func removeAll() async {
        let registered = stores.withLock { $0 }
        for store in registered.stores {
            await withCheckedContinuation { continuation in
                store.removeAll { continuation.resume() }
            }
        }
        let kept = Set(registered.names.map { KeyFileName.stem(for: $0).text })
        await OffTaskWork.run { [fileSystem, directory] in
            for name in (try? fileSystem.contentsOfDirectory(directory.path)) ?? [] where !kept.contains(name) {
                try? fileSystem.removeTree(AtomicFileWriter.join(directory.path, name))
            }
        }
    }
}
