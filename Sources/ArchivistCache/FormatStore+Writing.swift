import Foundation
import Persistence

extension FormatStore {
    /// Runs the format's `beforeStore` transform.
    ///
    /// - Throws: ``CacheError/Kind/encodingFailed`` with the transform's error.
    func prepare(_ value: Value, key: String) throws(CacheError) -> Value {
        guard let transform = format.beforeStore else { return value }
        do {
            return try transform(value)
        } catch {
            throw CacheError(.encodingFailed, key: key, format: format.name, underlying: error)
        }
    }

    /// Stores an already transformed value: in memory at once, on the disk through the format's lane.
    ///
    /// - Parameters:
    ///   - value: The value, after ``prepare(_:key:)``.
    ///   - key: Its key.
    ///   - completion: Called in the format's lane once the disk entry is written (or at once for a
    ///     memory-only format), with the failure if encoding or writing failed.
    func store(_ value: Value, for key: String, completion: @escaping @Sendable (Result<Void, CacheError>) -> Void) {
        let cost = cost(of: value)
        guard let disk else {
            memory.set(value, for: key, cost: cost, storedAt: clock.now())
            completion(.success(()))
            return
        }
        let data: Data
        do {
            data = try coding.encode(value)
        } catch {
            completion(.failure(CacheError(.encodingFailed, key: key, format: format.name, underlying: error)))
            return
        }
        let sequence = state.withLock { state in
            let sequence = nextSequence(&state)
            state.pending[key] = .value(value, cost: cost, sequence: sequence)
            memory.set(value, for: key, cost: cost, storedAt: clock.now())
            return sequence
        }
        background.enqueue(lane: lane) { [self] in
            var result: Result<Void, CacheError> = .success(())
            if !state.withLock({ $0.isRetired }) {
                do throws(SystemCallError) {
                    try disk.store(data, for: key)
                } catch {
                    let url = URL(fileURLWithPath: disk.path(ofFile: KeyFileName.stem(for: key).text))
                    let cause = PersistenceError(error, "could not write the cache entry", key: key)
                    result = .failure(CacheError(.diskWriteFailed, key: key, format: format.name, url: url, underlying: cause))
                }
            }
            settle(key, sequence: sequence)
            completion(result)
        }
    }

    /// Removes `key` from both levels: from memory at once, from the disk through the format's lane.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - completion: Called once the disk entry is gone.
    func remove(_ key: String, completion: @escaping @Sendable () -> Void) {
        guard let disk else {
            memory.remove(key)
            completion()
            return
        }
        let sequence = state.withLock { state in
            let sequence = nextSequence(&state)
            state.pending[key] = .removal(sequence: sequence)
            memory.remove(key)
            return sequence
        }
        background.enqueue(lane: lane) { [self] in
            if !state.withLock({ $0.isRetired }) { disk.remove(key) }
            settle(key, sequence: sequence)
            completion()
        }
    }

    /// Empties both levels: memory at once, the disk through the format's lane.
    ///
    /// - Parameter completion: Called once the disk entries are gone.
    func removeAll(completion: @escaping @Sendable () -> Void) {
        guard let disk else {
            memory.removeAll()
            completion()
            return
        }
        let sequence = state.withLock { state in
            let sequence = nextSequence(&state)
            state.pending = [:]
            state.pendingClear = sequence
            memory.removeAll()
            return sequence
        }
        background.enqueue(lane: lane) { [self] in
            if !state.withLock({ $0.isRetired }) { disk.removeAll() }
            state.withLock { state in
                if state.pendingClear == sequence { state.pendingClear = nil }
            }
            completion()
        }
    }

    /// Forgets a queued write once it is on the disk, unless a later one replaced it.
    private func settle(_ key: String, sequence: UInt64) {
        state.withLock { state in
            if state.pending[key]?.sequence == sequence { state.pending[key] = nil }
        }
    }
}
