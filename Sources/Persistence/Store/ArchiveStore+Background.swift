import AutoCoding
import Dispatch
import Foundation

extension ArchiveStore {
    /// Archives `value` now and writes it under `key` in the background.
    ///
    /// The value is archived on the calling thread (so later changes to it are not written) and
    /// becomes visible to reads at once. Writes of one key land in the order issued; a write
    /// superseded by a newer one before it started is not written, and its completion reports the
    /// newer write's outcome. At most ``backgroundConcurrency`` files are written at once.
    /// - Parameters:
    ///   - value: The value to store.
    ///   - key: Any string.
    ///   - queue: Where `completion` runs (a global queue by default).
    ///   - completion: Receives `.success(StoredFile)` or `.failure(PersistenceError)`; archiving
    ///     failures are reported here too.
    public func persistInBackground<Value: AutoCodable>(_ value: Value, forKey key: String,
                                                        queue: DispatchQueue = .global(),
                                                        completion: @escaping BackgroundWriteCompletion = { _ in }) {
        let normalized = KeyFileName.normalized(key)
        let contents: Data
        let path: String
        do {
            contents = try encodedFile(value, key: normalized)
            path = try paths.pathForWriting(normalized)
        } catch {
            queue.async { completion(.failure(error)) }
            return
        }
        background.enqueue(contents, to: path, key: normalized, durability: durability, queue: queue,
                           completion: completion)
    }

    /// Archives `value` now, writes it under `key` in the background, and returns when it is written.
    ///
    /// - Parameters:
    ///   - value: The value to store.
    ///   - key: Any string.
    /// - Returns: The key's file and its size.
    /// - Throws: ``PersistenceError`` as ``persist(_:forKey:)`` does.
    @discardableResult
    public func persistInBackground<Value: AutoCodable>(_ value: Value,
                                                        forKey key: String) async throws(PersistenceError) -> StoredFile {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<BackgroundWriteResult, Never>) in
            persistInBackground(value, forKey: key, queue: Self.resumeQueue) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Blocks until every background write issued so far has finished.
    ///
    /// Their completions have then been handed to their queues (they may still be running there):
    /// flushing never waits for a queue, so it cannot deadlock when called on a completion queue.
    public func flush() {
        background.flush()
    }

    /// Suspends until every background write issued so far has finished.
    public func flush() async {
        await background.flush()
    }

    /// Where async wrappers receive results (any queue would do: they only resume a continuation).
    private static let resumeQueue = DispatchQueue(label: "archivist.store.resume", attributes: .concurrent)
}
