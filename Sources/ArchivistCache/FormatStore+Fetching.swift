extension FormatStore {
    /// One fetch in progress and the requests waiting for it. Guarded by the store's lock.
    final class Flight: @unchecked Sendable {
        var waiters: [Int: CheckedContinuation<Result<Value, CacheError>, Never>] = [:]
        var task: Task<Void, Never>?
        let cancel: @Sendable () -> Void

        init(cancel: @escaping @Sendable () -> Void) {
            self.cancel = cancel
        }
    }

    /// The value of the fetcher's key from either level, else from the fetcher — one fetch per
    /// key however many requests wait for it.
    ///
    /// - Parameter fetcher: Produces the value on a miss.
    /// - Returns: The cached or fetched (and transformed) value.
    /// - Throws: ``CacheError`` `.fetcherFailed`, `.fetcherReturnedNothing`, `.encodingFailed`
    ///   (the transform threw) or `.cancelled`.
    func value<F: Fetcher>(from fetcher: F) async throws(CacheError) -> Value where F.Value == Value {
        let key = fetcher.key
        if let value = memory.value(for: key) { return value }
        // An unreadable entry has been removed: fetching replaces it. The disk is read off the task.
        if disk != nil, case .hit(let value) = await OffTaskWork.run({ [self] in readFromDisk(key, preloading: false) }) {
            return value
        }
        return try await join(fetcher).get()
    }

    /// Waits for the flight of the fetcher's key, starting it if there is none.
    private func join<F: Fetcher>(_ fetcher: F) async -> Result<Value, CacheError> where F.Value == Value {
        let key = fetcher.key
        let waiter = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, CacheError>, Never>) in
                if Task.isCancelled {
                    continuation.resume(returning: .failure(CacheError(.cancelled, key: key, format: format.name)))
                    return
                }
                state.withLock { state in
                    if let flight = state.flights[key] {
                        flight.waiters[waiter] = continuation
                        return
                    }
                    let flight = Flight(cancel: { fetcher.cancel() })
                    flight.waiters[waiter] = continuation
                    state.flights[key] = flight
                    flight.task = Task { await self.run(fetcher, flight: flight) }
                }
            }
        } onCancel: {
            leave(key, waiter: waiter)
        }
    }

    /// Resumes a cancelled waiter; the last one to leave cancels the fetch.
    private func leave(_ key: String, waiter: Int) {
        let (continuation, abandoned) = state.withLock { state -> (CheckedContinuation<Result<Value, CacheError>, Never>?, Flight?) in
            guard let flight = state.flights[key], let continuation = flight.waiters.removeValue(forKey: waiter) else {
                return (nil, nil)
            }
            guard flight.waiters.isEmpty else { return (continuation, nil) }
            state.flights[key] = nil
            return (continuation, flight)
        }
        continuation?.resume(returning: .failure(CacheError(.cancelled, key: key, format: format.name)))
        if let abandoned {
            abandoned.task?.cancel()
            abandoned.cancel()
        }
    }

    /// Runs one fetch, stores its value and resumes every waiter.
    private func run<F: Fetcher>(_ fetcher: F, flight: Flight) async where F.Value == Value {
        let key = fetcher.key
        let result: Result<Value, CacheError>
        do {
            if let fetched = try await fetcher.fetch() {
                do {
                    let value = try prepare(fetched, key: key)
                    // The waiters get the value now; the disk write finishes in the background.
                    store(value, for: key) { _ in }
                    result = .success(value)
                } catch {
                    result = .failure(error)
                }
            } else {
                result = .failure(CacheError(.fetcherReturnedNothing, key: key, format: format.name))
            }
        } catch is CancellationError {
            result = .failure(CacheError(.cancelled, key: key, format: format.name))
        } catch {
            result = .failure(CacheError(.fetcherFailed, key: key, format: format.name, underlying: error))
        }
        let waiters = state.withLock { state -> [CheckedContinuation<Result<Value, CacheError>, Never>] in
            guard state.flights[key] === flight else { return [] }
            state.flights[key] = nil
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }
}
