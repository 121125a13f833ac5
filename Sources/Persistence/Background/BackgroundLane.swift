import Foundation

/// The jobs of one lane of a ``BackgroundWriter`` (a file's path, or a name its user chose): at most
/// one running, the rest waiting in the order they were accepted.
///
/// A reference type so the writer mutates it in place under its lock (a struct in the lane
/// dictionary would copy its job list at every change).
final class BackgroundLane {
    /// The jobs waiting to start, oldest first from `waitingStart`.
    private var waiting: [BackgroundJob] = []
    private var waitingStart = 0
    /// The job a worker (or a synchronous caller) is running now.
    private(set) var running: BackgroundJob?
    /// Whether reads see the running write's contents: cleared when it failed, so nobody reads a
    /// value whose failure was already reported.
    var runningIsVisible = true
    /// Whether the lane is in the writer's ready list.
    var isReady = false

    /// Creates an empty lane, or one whose first job already runs (a synchronous write).
    init(running: BackgroundJob? = nil) {
        self.running = running
    }

    /// Whether no job waits.
    var hasNoWaitingJob: Bool { waitingStart == waiting.count }

    /// Accepts a write: merged into the newest waiting job when that is a write of this lane too
    /// (only the newest contents reach the disk, every caller hears back), appended otherwise.
    func accept(_ request: WriteRequest) {
        let last = waiting.count - 1
        if waitingStart <= last, case .write(var newest) = waiting[last] {
            waiting[last] = .work({})  // drops the list's reference, so `newest` is appended to in place
            newest.contents = request.contents
            newest.durability = request.durability
            newest.completions.append(contentsOf: request.completions)
            waiting[last] = .write(newest)
        } else {
            waiting.append(.write(request))
        }
    }

    /// Accepts work after every job accepted before (writes go through ``accept(_:)``, which may
    /// merge them).
    func accept(work: @escaping @Sendable () -> Void) {
        waiting.append(.work(work))
    }

    /// Moves the oldest waiting job to running and returns it.
    func start() -> BackgroundJob? {
        guard waitingStart < waiting.count else { return nil }
        let job = waiting[waitingStart]
        waiting[waitingStart] = .work({})
        waitingStart += 1
        if waitingStart == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            waitingStart = 0
        } else if waitingStart >= 64 && waitingStart * 2 >= waiting.count {
            waiting.removeFirst(waitingStart)
            waitingStart = 0
        }
        running = job
        runningIsVisible = true
        return job
    }

    /// Marks the running job done.
    func finishRunning() {
        running = nil
        runningIsVisible = true
    }

    /// The newest contents accepted for the lane's file and not yet known to be on disk:
    /// `.some(nil)` for a pending removal, `nil` when no write is pending.
    var newestContents: Data?? {
        var index = waiting.count
        while index > waitingStart {
            index -= 1
            if case .write(let request) = waiting[index] { return .some(request.contents) }
        }
        if runningIsVisible, case .write(let request) = running { return .some(request.contents) }
        return nil
    }
}
