import Dispatch
import Foundation

/// Runs file writes and other disk work on Dispatch workers with bounded concurrency, in order per
/// lane, coalescing bursts of writes.
///
/// Every job belongs to a lane: a file write's lane is its path; other work (a cache format's disk
/// updates, say) names its own. At most one job of a lane runs at a time and jobs run in the order
/// they were accepted, so a lane is an ordered queue and any job is a barrier for the jobs after it.
/// A write accepted while the newest waiting job of its lane is a write too is merged into that one:
/// only the newest contents reach the disk, and every caller hears back (a superseded write reports
/// the outcome of the write that replaced it). ``pendingContents(of:)`` gives readers the newest
/// accepted contents (read-your-writes); ``flush()`` waits until nothing is pending, and
/// ``flush(lane:)`` until everything accepted for one lane so far has run.
package final class BackgroundWriter: @unchecked Sendable {
    // @unchecked: `lanes`, `ready`, `running` and `idleWaiters` are only touched while `lock` is held.
    private let lock = NSLock()
    private var lanes: [String: BackgroundLane] = [:]
    private var ready: [String] = []
    private var readyStart = 0
    private var running = 0
    private var idleWaiters: [@Sendable () -> Void] = []

    /// How many jobs run at the same time at most.
    package let maximumConcurrency: Int
    /// What performs each write.
    package let writer: AtomicFileWriter
    private let workers: DispatchQueue

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - writer: The atomic writer that performs writes.
    ///   - maximumConcurrency: The most jobs run at once (at least 1).
    ///   - label: The Dispatch label of the worker queue.
    package init(writer: AtomicFileWriter, maximumConcurrency: Int = 2, label: String = "archivist.background-writer") {
        self.writer = writer
        self.maximumConcurrency = max(1, maximumConcurrency)
        workers = DispatchQueue(label: label, qos: .utility, attributes: .concurrent)
    }

    /// Accepts a write to perform in the background, after every job accepted before for `path`.
    ///
    /// - Parameters:
    ///   - contents: The new contents, or `nil` to remove the file.
    ///   - path: The file (and the write's lane).
    ///   - key: The key, for error messages.
    ///   - durability: How durable the write must be.
    ///   - queue: Where `completion` runs; `nil` runs it on the worker.
    ///   - completion: Receives the outcome.
    package func enqueue(_ contents: Data?, to path: String, key: String?, durability: WriteDurability,
                         queue: DispatchQueue?, completion: @escaping BackgroundWriteCompletion) {
        let request = WriteRequest(contents: contents, key: key, durability: durability,
                                   completions: [(queue: queue, completion: completion)])
        lock.withLock {
            let lane = lane(path)
            lane.accept(request)
            markReady(lane, path)
        }
    }

    /// Accepts a job to run in the background, after every job accepted before for `lane` and
    /// before every job accepted after it.
    ///
    /// The job runs on a worker and takes one of the ``maximumConcurrency`` places while it runs, so
    /// it must not wait for a later job of this writer.
    ///
    /// - Parameters:
    ///   - lane: The name the job is ordered by (a file's path orders it with that file's writes).
    ///   - work: The job.
    package func enqueue(lane name: String, _ work: @escaping @Sendable () -> Void) {
        lock.withLock {
            let lane = lane(name)
            lane.accept(work: work)
            markReady(lane, name)
        }
    }

    /// Performs a write on the calling thread, after every earlier job of the same path.
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
            guard lanes[path] == nil else { return false }
            lanes[path] = BackgroundLane(running: .write(request))
            return true
        }
        guard runsHere else {
            // Earlier jobs of this path are pending: queue behind them and wait.
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
        lock.withLock { lanes[path]?.newestContents }
    }

    /// The paths with pending writes and their newest contents.
    package func pendingPaths() -> [String: Data?] {
        lock.withLock {
            var result: [String: Data?] = [:]
            for (path, lane) in lanes { if let newest = lane.newestContents { result[path] = newest } }
            return result
        }
    }

    /// Blocks until every accepted job has finished and its completions are on their queues.
    package func flush() {
        let done = DispatchSemaphore(value: 0)
        whenIdle { done.signal() }
        done.wait()
    }

    /// Suspends until every accepted job has finished.
    package func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            whenIdle { continuation.resume() }
        }
    }

    /// Blocks until every job accepted for `lane` before this call has finished (later jobs of the
    /// lane, and other lanes, are not waited for). Must not be called from a job of this writer.
    ///
    /// - Parameter lane: A lane's name.
    package func flush(lane: String) {
        let done = DispatchSemaphore(value: 0)
        let waits: Bool = lock.withLock {
            guard let existing = lanes[lane] else { return false }
            existing.accept(work: { done.signal() })
            markReady(existing, lane)
            return true
        }
        if waits { done.wait() }
    }

    /// Runs `action` (on a worker or the caller) once nothing is pending.
    private func whenIdle(_ action: @escaping @Sendable () -> Void) {
        let runNow: Bool = lock.withLock {
            if lanes.isEmpty { return true }
            idleWaiters.append(action)
            return false
        }
        if runNow { action() }
    }

    /// The lane named `name`, created when it has no job (called with the lock held).
    private func lane(_ name: String) -> BackgroundLane {
        if let existing = lanes[name] { return existing }
        let created = BackgroundLane()
        lanes[name] = created
        return created
    }

    /// Puts a lane with a waiting job and none running in the ready list, and starts workers unless
    /// the caller is a worker that looks at the ready list next (called with the lock held).
    private func markReady(_ lane: BackgroundLane, _ name: String, startsWorkers: Bool = true) {
        if lane.running == nil && !lane.isReady {
            lane.isReady = true
            ready.append(name)
        }
        if startsWorkers { startWorkersIfNeeded() }
    }

    /// Starts workers while there is ready work and room (called with the lock held).
    private func startWorkersIfNeeded() {
        while running < maximumConcurrency && readyStart < ready.count {
            running += 1
            workers.async { self.work() }
        }
    }

    /// A worker: runs ready jobs until none is left.
    private func work() {
        while true {
            let next: (name: String, job: BackgroundJob)? = lock.withLock {
                while readyStart < ready.count {
                    let name = ready[readyStart]
                    readyStart += 1
                    guard let lane = lanes[name] else { continue }
                    lane.isReady = false
                    guard lane.running == nil, let job = lane.start() else { continue }
                    return (name, job)
                }
                running -= 1
                ready.removeAll(keepingCapacity: true)
                readyStart = 0
                return nil
            }
            guard let (name, job) = next else { return }
            switch job {
            case .work(let body):
                body()
            case .write(let request):
                let result = perform(request, path: name)
                if case .failure = result {
                    // From now on reads see the file again (the old value), before anyone hears of the failure.
                    lock.withLock { lanes[name]?.runningIsVisible = false }
                }
                // Hand completions over before the lane is released, so a flush that returns after the
                // release has every completion of the flushed writes already on its queue.
                for waiter in request.completions {
                    if let queue = waiter.queue { queue.async { waiter.completion(result) } } else { waiter.completion(result) }
                }
            }
            let waiters = lock.withLock { finish(name, onWorker: true) }
            for waiter in waiters { waiter() }
        }
    }

    /// Marks the running job of `name` done, schedules the lane's next job, and returns the idle
    /// waiters to run when nothing is pending any more (called with the lock held).
    ///
    /// - Parameters:
    ///   - name: The lane.
    ///   - onWorker: Whether a worker calls, which takes the next ready job itself (starting
    ///     another worker for it would only hop threads).
    @discardableResult
    private func finish(_ name: String, onWorker: Bool = false) -> [@Sendable () -> Void] {
        guard let lane = lanes[name] else { return [] }
        lane.finishRunning()
        if lane.hasNoWaitingJob {
            lanes[name] = nil
        } else {
            markReady(lane, name, startsWorkers: !onWorker)
        }
        guard lanes.isEmpty else { return [] }
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
