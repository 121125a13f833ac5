import Dispatch
import Foundation
import Persistence

/// One registered format of a cache: its memory level, its disk level (when it has a capacity),
/// the writes queued for the disk, the fetches in flight and the preloading.
///
/// Disk writes and removals run in order in the format's lane of the cache's ``BackgroundWriter``
/// (the lane is the format's directory, so a replacing format's work also waits for the replaced
/// one's), so they land in the order they were issued; until one lands, ``State/pending`` answers
/// reads of its key (read-your-writes). Locks are always taken in the order store → disk → memory.
@usableFromInline
package final class FormatStore<Value: Sendable>: Sendable {
    /// A write or removal issued but not yet on the disk.
    enum Pending {
        case value(Value, cost: Int, sequence: UInt64)
        case removal(sequence: UInt64)

        var sequence: UInt64 {
            switch self {
            case .value(_, _, let sequence), .removal(let sequence): sequence
            }
        }
    }

    struct State {
        var pending: [String: Pending] = [:]
        /// Set while a removal of the whole format is queued: the disk is a miss meanwhile.
        var pendingClear: UInt64?
        var nextSequence: UInt64 = 1
        var flights: [String: Flight] = [:]
        var nextWaiter = 0
        /// The format was replaced or the cache cleared it for good: queued work is dropped.
        var isRetired = false
    }

    @usableFromInline let format: CacheFormat<Value>
    let coding: CacheValueCoding<Value>
    @usableFromInline let memory: MemoryLevel<Value>
    let disk: DiskLevel?
    let fileSystem: any FileSystem
    let clock: CacheClock
    /// Runs the disk writes and removals, in order in ``lane``.
    let background: BackgroundWriter
    /// The lane of ``background`` the format's disk work runs in: its directory.
    let lane: String
    let state = StateLock(State())
    /// Signalled when preloading finishes (or immediately when there is none).
    let preloading = DispatchGroup()

    /// Creates the store of `format`.
    ///
    /// - Parameters:
    ///   - format: The format.
    ///   - coding: How values become disk entries.
    ///   - directory: The format's directory (used only with a disk capacity).
    ///   - fileSystem: The file system.
    ///   - clock: The wall clock.
    ///   - background: The cache's background writer, which runs the disk work.
    ///   - opensAfter: Left when the format this one replaces has cleared the directory; the disk
    ///     level is opened only then.
    init(format: CacheFormat<Value>, coding: CacheValueCoding<Value>, directory: String,
         fileSystem: any FileSystem, clock: CacheClock, background: BackgroundWriter,
         opensAfter: DispatchGroup? = nil) {
        self.format = format
        self.background = background
        lane = directory
        self.coding = coding
        self.fileSystem = fileSystem
        self.clock = clock
        let hasDisk = format.diskCapacity > 0
        let memory = MemoryLevel<Value>(limit: format.memoryLimit, expiry: format.expiry, reportsTouches: hasDisk,
                                        clock: clock)
        self.memory = memory
        disk = hasDisk ? DiskLevel(directory: directory, capacity: Int64(format.diskCapacity), expiry: format.expiry,
                                   fileSystem: fileSystem, clock: clock, opensAfter: opensAfter,
                                   touchedKeys: { memory.drainTouchedKeys() }) : nil
    }

    /// The cost of a value in memory.
    func cost(of value: Value) -> Int {
        format.cost?(value) ?? coding.cost(value)
    }

    /// Takes the next sequence number for a queued write.
    func nextSequence(_ state: inout State) -> UInt64 {
        defer { state.nextSequence &+= 1 }
        return state.nextSequence
    }

    /// Stops queued work, preloading and fetch bookkeeping for good, and empties both levels: the
    /// memory at once, the disk in the format's lane (after the writes queued before, which are
    /// dropped). Does not wait.
    ///
    /// - Parameter cleared: Left once the disk is empty.
    func retireAndClear(then cleared: DispatchGroup) {
        state.withLock { $0.isRetired = true }
        memory.removeAll()
        guard let disk else { return cleared.leave() }
        background.enqueue(lane: lane) {
            disk.removeAll()
            cleared.leave()
        }
    }

    /// Waits for queued disk writes and removals to land.
    func waitForQueuedWrites() {
        background.flush(lane: lane)
    }
}
