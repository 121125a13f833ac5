import Dispatch
import Foundation

/// Writes files on Dispatch workers with bounded concurrency, in order per file, coalescing bursts.
///
/// Every write of a path goes through its ``FileSlot``: at most one write of a path runs at a time,
/// so writes land in the order they were issued. A write issued while another of the same path runs
/// waits in the slot; further writes replace the waiting contents (only the newest reaches the disk)
/// and add their completions, so every caller hears back: a superseded write reports the outcome
/// of the write that replaced it. ``pendingContents(of:)`` gives readers the newest accepted
/// contents (read-your-writes); ``flush()`` waits until nothing is pending.
package final class BackgroundWriter: @unchecked Sendable {
    // @unchecked: `slots`, `ready`, `running` and `idleWaiters` are only touched while `lock` is held.
    private let lock = NSLock()
    private var slots: [String: FileSlot] = [:]
    private var ready: [String] = []
    private var readyStart = 0
    private var running = 0
    private var idleWaiters: [@Sendable () -> Void] = []

    /// How many files are written at the same time at most.
    package let maximumConcurrency: Int
    /// What performs each write.
    package let writer: AtomicFileWriter
    private let workers: DispatchQueue

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - writer: The atomic writer that performs writes.
    ///   - maximumConcurrency: The most files written at once (at least 1).
    ///   - label: The Dispatch label of the worker queue.
    package init(writer: AtomicFileWriter, maximumConcurrency: Int = 2, label: String = "archivist.background-writer") {
        self.writer = writer
        self.maximumConcurrency = max(1, maximumConcurrency)
        workers = DispatchQueue(label: label, qos: .utility, attributes: .concurrent)
    }

    /// Accepts a write to perform in the background.
    ///
    /// - Parameters:
    ///   - contents: The new contents, or `nil` to remove the file.
    ///   - path: The file.
    ///   - key: The key, for error messages.
    ///   - durability: How durable the write must be.
    ///   - queue: Where `completion` runs; `nil` runs it on the worker.
    ///   - completion: Receives the outcome.
    package func enqueue(_ contents: Data?, to path: String, key: String?, durability: WriteDurability,
                         queue: DispatchQueue?, completion: @escaping BackgroundWriteCompletion) {
        lock.withLock {
            let waiter = (queue: queue, completion: completion)
            var slot = slots[path] ?? FileSlot()
            if slot.queued != nil {
                slot.queued?.contents = contents
                slot.queued?.durability = durability
                slot.queued?.completions.append(waiter)
            } else {
                slot.queued = WriteRequest(contents: contents, key: key, durability: durability, completions: [waiter])
            }
            if slot.inFlight == nil && !slot.isReady {
                slot.isReady = true
                ready.append(path)
            }
            slots[path] = slot
            startWorkersIfNeeded()
        }
    }

    /// Performs a write on the calling thread, after every earlier write of the same path.
    ///
    /// - Parameters:
    ///   - contents: The new contents, or `nil` to remove the file.
    ///   - path: The file.
    ///   - key: The key, for error messages.
    ///   - durability: How durable the write must be.
    /// - Returns: The outcome.
    package func performNow(_ contents: Data?, to path: String, key: String?,
                            durability: WriteDurability) -> BackgroundWriteResult {
        let request = WriteRequest(contents: contents, key: key, durability: durability, completions: [])
        let runsHere: Bool = lock.withLock {
            guard slots[path] == nil else { return false }
            slots[path] = FileSlot(queued: nil, inFlight: request)
            return true
        }
        guard runsHere else {
            // Earlier writes of this path are pending: queue behind them and wait.
            let box = ResultBox()
            enqueue(contents, to: path, key: key, durability: durability, queue: nil) { box.set($0) }
            return box.wait()
        }
        let result = perform(request, path: path)
        let waiters = lock.withLock { finish(path) }
        for waiter in waiters { waiter() }
        return result
    }

    /// The newest contents accepted for `path` and not yet known to be on disk.
    ///
    /// - Parameter path: A file.
    /// - Returns: `nil` when nothing is pending; `.some(nil)` for a pending removal.
    package func pendingContents(of path: String) -> Data?? {
        lock.withLock { slots[path]?.newestContents }
    }

    /// The paths with pending writes and their newest contents.
    package func pendingPaths() -> [String: Data?] {
        lock.withLock {
            var result: [String: Data?] = [:]
            for (path, slot) in slots { if let newest = slot.newestContents { result[path] = newest } }
            return result
        }
    }

    /// Blocks until every accepted write has finished and its completions are on their queues.
    package func flush() {
        let done = DispatchSemaphore(value: 0)
        whenIdle { done.signal() }
        done.wait()
    }

    /// Suspends until every accepted write has finished.
    package func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            whenIdle { continuation.resume() }
        }
    }

    /// Runs `action` (on a worker or the caller) once nothing is pending.
    private func whenIdle(_ action: @escaping @Sendable () -> Void) {
        let runNow: Bool = lock.withLock {
            if slots.isEmpty { return true }
            idleWaiters.append(action)
            return false
        }
        if runNow { action() }
    }

    /// Starts workers while there is ready work and room (called with the lock held).
    private func startWorkersIfNeeded() {
        while running < maximumConcurrency && readyStart < ready.count {
            running += 1
            workers.async { self.work() }
        }
    }

    /// A worker: performs ready writes until none is left.
    private func work() {
        while true {
            let next: (path: String, request: WriteRequest)? = lock.withLock {
                while readyStart < ready.count {
                    let path = ready[readyStart]
                    readyStart += 1
                    guard var slot = slots[path], let request = slot.queued else { continue }
                    slot.queued = nil
                    slot.inFlight = request
                    slot.isReady = false
                    slots[path] = slot
                    return (path, request)
                }
                running -= 1
                ready.removeAll(keepingCapacity: true)
                readyStart = 0
                return nil
            }
            guard let (path, request) = next else { return }
            let result = perform(request, path: path)
            if case .failure = result {
                // From now on reads see the file again (the old value), before anyone hears of the failure.
                lock.withLock { slots[path]?.inFlight?.isVisible = false }
            }
            // Hand completions over before the slot is released, so a flush that returns after the
            // release has every completion of the flushed writes already on its queue.
            for waiter in request.completions {
                if let queue = waiter.queue { queue.async { waiter.completion(result) } } else { waiter.completion(result) }
            }
            let waiters = lock.withLock { finish(path) }
            for waiter in waiters { waiter() }
        }
    }

    /// Marks the write of `path` done, schedules its queued successor, and returns the idle waiters
    /// to run when nothing is pending any more (called with the lock held).
    @discardableResult
    private func finish(_ path: String) -> [@Sendable () -> Void] {
        guard var slot = slots[path] else { return [] }
        slot.inFlight = nil
        if slot.queued != nil {
            if !slot.isReady {
                slot.isReady = true
                ready.append(path)
            }
            slots[path] = slot
            startWorkersIfNeeded()
        } else {
            slots[path] = nil
        }
        guard slots.isEmpty else { return [] }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        return waiters
    }

    private func perform(_ request: WriteRequest, path: String) -> BackgroundWriteResult {
        let url = URL(fileURLWithPath: path)
        let subject = request.key.map { "key \"\($0)\"" } ?? "file"
        do throws(SystemCallError) {
            guard let contents = request.contents else {
                try writer.remove(path, durability: request.durability)
                return .success(StoredFile(url: url, size: 0))
            }
            try writer.write(contents, to: path, durability: request.durability)
            return .success(StoredFile(url: url, size: contents.count))
        } catch {
            let verb = request.contents == nil ? "delete" : "persist"
            return .failure(PersistenceError(error, "cannot \(verb) \(subject)", key: request.key))
        }
    }
}

/// A result handed from a worker to a thread waiting for it.
private final class ResultBox: @unchecked Sendable {
    // @unchecked: `result` is written once before `ready` is signalled and read after waiting.
    private var result: BackgroundWriteResult?
    private let ready = DispatchSemaphore(value: 0)

    func set(_ value: BackgroundWriteResult) {
        result = value
        ready.signal()
    }

    func wait() -> BackgroundWriteResult {
        ready.wait()
        return result ?? .failure(PersistenceError(.io, "a queued write finished without a result"))
    }
}
