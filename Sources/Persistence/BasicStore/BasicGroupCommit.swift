import Foundation

/// Shares `fsync`s among threads making durable writes to one store (group commit).
///
/// A writer appends its record holding the store's lock and the `flock`, releases both, and then
/// waits here until the log is durable up to the end of its record. The first waiter to find no
/// flush in progress flushes for everyone: it claims every byte appended so far, calls `fsync`
/// with no lock held, and marks them durable; writers that appended meanwhile wait for that
/// flush or the next, so N concurrent writers pay about two flushes instead of N, and gets never
/// wait on a flush.
///
/// Positions name the file too (a generation, bumped whenever the log is reopened): a log
/// replaced by compaction was written durably, so it makes every earlier position durable.
/// When a flush fails, the unflushed records are undone (the log is cut back and reread) and every
/// writer whose record was among them receives the error, as if its own `fsync` had failed.
final class BasicGroupCommit: @unchecked Sendable {
    // @unchecked: every stored property is only touched with `condition` locked.

    /// The end of a record in one generation of the log.
    struct Position: Comparable {
        /// Which opening of the log.
        var generation: Int
        /// The byte offset just past the record.
        var offset: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.generation, lhs.offset) < (rhs.generation, rhs.offset)
        }
    }

    private let condition = ConditionLock(conditions: 2)
    /// Writers waiting for their record to become durable (or for a flusher to finish).
    private static let durability = ConditionLock.Condition(0)
    /// The flusher waiting for the writers of the last group to append again.
    private static let arrivals = ConditionLock.Condition(1)
    /// The end of the last record appended to the current generation.
    private var appended = Position(generation: 0, offset: 0)
    /// Everything up to here is on the device.
    private var durable = Position(generation: 0, offset: 0)
    /// The current generation's file.
    private var descriptor: BasicLogDescriptor?
    /// Whether a thread is flushing now.
    private var flushing = false
    /// Generations whose records past an offset were undone after a failed flush, with its error.
    private var failures: [Int: (from: Int, error: SystemCallError)] = [:]
    /// Durable writers between entering the store and finishing their append.
    private var arriving = 0
    /// Appends announced, ever, and how many of them the last flush claimed.
    private var appendCount = 0
    private var claimedCount = 0
    /// How many appends the last flush covered: about how many writers are active.
    private var lastGroupSize = 1
    /// The generation whose unflushed records are being undone after a failed flush.
    private var undoing: Int?
    /// Whether a flusher is waiting for more appends.
    private var flusherWaitsForArrivals = false

    /// How long a flusher waits for the writers of the last group to append again, so they share
    /// its flush instead of each starting the next, in nanoseconds: below one `fsync` of a disk
    /// (0.1 ms; 0.2 ms measured no better with 8 writers on this machine's disk, whose `fsync` takes
    /// about 0.14 ms). The wait ends as soon as the group is in.
    static let arrivalWait: UInt64 = 100_000
    /// How many flushes in a row one writer makes for others before it returns.
    static let maximumRounds = 8

    /// Records that the log was (re)opened as generation `generation`, `size` bytes, all durable
    /// (a new log is written durably; an existing one holds no record of this store's waiters).
    /// Call holding the store's lock.
    func opened(generation: Int, size: Int, descriptor: BasicLogDescriptor) {
        condition.lock()
        defer { condition.unlock() }
        appended = Position(generation: generation, offset: size)
        durable = appended
        self.descriptor = descriptor
        condition.broadcast(Self.durability)
    }

    /// Records an append to the current generation, ending at `position`. Call holding the store's lock.
    func appended(upTo position: Position) {
        condition.lock()
        defer { condition.unlock() }
        if position.generation == appended.generation && position.offset > appended.offset { appended = position }
        appendCount += 1
        wakeTheFlusherIfItsGroupIsIn()
    }

    /// Announces a durable writer about to append; pair with ``writerAppended()``.
    func writerArriving() {
        condition.lock()
        defer { condition.unlock() }
        arriving += 1
    }

    /// The writer announced by ``writerArriving()`` appended (or gave up).
    func writerAppended() {
        condition.lock()
        defer { condition.unlock() }
        arriving -= 1
        wakeTheFlusherIfItsGroupIsIn()
    }

    /// Wakes a flusher waiting in ``waitForTheLastGroup()`` once what it waits for is true, and
    /// not before (each wake-up is a context switch). Needs `condition`.
    private func wakeTheFlusherIfItsGroupIsIn() {
        if flusherWaitsForArrivals && !groupIsOnItsWay { condition.signal(Self.arrivals) }
    }

    /// Whether the flusher should wait: writers are on their way, or fewer appended since the last
    /// flush than it covered. Needs `condition`.
    private var groupIsOnItsWay: Bool {
        arriving > 0 || appendCount - claimedCount < lastGroupSize
    }

    /// Returns once the log is durable up to `target`, flushing it if no other thread is.
    ///
    /// - Parameters:
    ///   - target: The end of the caller's record.
    ///   - undo: Called (with no lock held) after a failed flush, with the generation and the
    ///     offset from which records were not flushed; cuts them off and returns `true`, or returns
    ///     `false` when that generation is gone (replaced durably, so nothing failed).
    /// - Throws: ``SystemCallError`` of the failed `fsync` when the caller's record was undone.
    func waitUntilDurable(_ target: Position, undo: (_ generation: Int, _ from: Int) -> Bool) throws(SystemCallError) {
        condition.lock()
        defer { condition.unlock() }
        // A position is announced by the append that made it; this only guards the invariant.
        if target.generation == appended.generation && target.offset > appended.offset { appended = target }
        while true {
            if let failure = failures[target.generation], target.offset > failure.from { throw failure.error }
            // While a failed flush is undone, the reopened log looks durable: wait for the verdict.
            if target <= durable && undoing != target.generation { return }
            if flushing {
                condition.wait(Self.durability)
                continue
            }
            flushing = true
            // Once its own record is durable the flusher goes on flushing for writers that appended
            // meanwhile (a few rounds): handing over would wait for another thread to wake up.
            var rounds = 0
            repeat {
                waitForTheLastGroup()
                flush(undo: undo)
                rounds += 1
            } while target <= durable && rounds < Self.maximumRounds && appendCount > claimedCount
            flushing = false
            // Waiters left uncovered take over.
            condition.broadcast(Self.durability)
        }
    }

    /// Before a flush: writers on their way, or as many as the last flush covered, join it (each
    /// would otherwise cost the next flush a whole fsync); a writer alone never waits. Needs `condition`.
    private func waitForTheLastGroup() {
        guard groupIsOnItsWay else { return }
        let deadline = ConditionLock.now() + Self.arrivalWait
        flusherWaitsForArrivals = true
        while groupIsOnItsWay {
            if !condition.wait(Self.arrivals, until: deadline) { break }
        }
        flusherWaitsForArrivals = false
    }

    /// Claims everything appended, flushes it with `condition` unlocked, and marks it durable (or
    /// undoes it and records the failure); wakes every waiter. Needs `condition` and `flushing`.
    private func flush(undo: (_ generation: Int, _ from: Int) -> Bool) {
        lastGroupSize = max(1, appendCount - claimedCount)
        claimedCount = appendCount
        let claim = appended
        let from = durable.generation == claim.generation ? durable.offset : 0
        let file = descriptor
        condition.unlock()
        var failure: SystemCallError?
        do throws(SystemCallError) {
            try file?.sync()
        } catch {
            failure = error
        }
        var undone = false
        if failure != nil {
            condition.lock()
            undoing = claim.generation
            condition.unlock()
            undone = undo(claim.generation, from)
        }
        condition.lock()
        undoing = nil
        if let failure {
            if undone { record(failure, generation: claim.generation, from: from) }
        } else if claim > durable {
            durable = claim
        }
        condition.broadcast(Self.durability)
    }

    /// Remembers a failed flush for its waiters; keeps the last few generations' failures only.
    private func record(_ error: SystemCallError, generation: Int, from: Int) {
        failures[generation] = (from, error)
        if failures.count > 16, let oldest = failures.keys.min() { failures[oldest] = nil }
    }
}
