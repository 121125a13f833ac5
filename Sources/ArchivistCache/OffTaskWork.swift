import Dispatch
import Persistence

/// Runs blocking work (file I/O, decoding a disk entry) on a Dispatch queue while the calling task
/// is suspended: the threads of Swift's cooperative pool must never wait on the disk.
enum OffTaskWork {
    /// How many pieces of work may block at once before new work waits behind one of them.
    static let laneCount = 16

    /// Serial queues, one per lane. A concurrent queue made with `attributes: .concurrent` (like
    /// a global queue) is served by at most about one thread per core, so on a small machine a
    /// few blocked reads, or anyone else's blocking work at that priority, kept further reads
    /// from even starting. A serial queue gets a thread of its own whenever it has work, so work
    /// spread over idle lanes starts at once; a lane without work costs no thread.
    private static let lanes = (0 ..< laneCount).map {
        DispatchQueue(label: "Archivist.Cache.OffTaskWork.\($0)", qos: .userInitiated)
    }

    /// How much work each lane has accepted and not finished.
    private static let pending = StateLock([Int](repeating: 0, count: laneCount))

    /// Runs `body` on the least busy lane (an idle one when there is one) and returns its result
    /// to the suspended caller.
    ///
    /// - Parameter body: The blocking work.
    /// - Returns: What `body` returned.
    @usableFromInline
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        let lane = pending.withLock { counts -> Int in
            var chosen = 0
            for index in counts.indices where counts[index] < counts[chosen] {
                chosen = index
                if counts[index] == 0 { break }
            }
            counts[chosen] += 1
            return chosen
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            lanes[lane].async {
                let result = body()
                pending.withLock { $0[lane] -= 1 }
                continuation.resume(returning: result)
            }
        }
    }
}
