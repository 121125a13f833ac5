import CArchivistStack

/// Lets recursive coders nest as deep as their data without overflowing the thread's stack.
///
/// Coders recurse once per container level. Before each level they compare the current stack
/// position with a limit (``limit()``, the thread's lowest usable address plus a reserve); when the
/// stack is nearly used up, the rest of the work moves to a new thread with a large stack
/// (``onFreshStack(_:)``) while the calling thread waits. So depth costs memory (about one frame
/// set per level, committed only as it is touched), never a crash, on the main thread, on a
/// 512 KiB secondary thread or on the cooperative pool alike. Depth itself is bounded separately,
/// by each reader's and writer's depth limit.
package enum StackGuard {
    /// Stack kept free below a checked frame: room for the deepest call chain between two checks
    /// (scalar coders, Foundation conversions, a type's own `init()` or `Codable` methods).
    package static let reserve = 256 << 10

    /// The stack of the threads work moves to. Only the pages actually used are committed.
    package static let freshStackSize = 64 << 20

    /// The lowest stack address the calling thread's checked frames may reach.
    ///
    /// When the system cannot tell the thread's stack bounds, the limit assumes the smallest stack
    /// threads are commonly given (512 KiB) below the current frame.
    package static func limit() -> UInt {
        let low = UInt(archivist_stack_low_bound())
        if low != 0 { return low &+ UInt(reserve) }
        let here = currentPosition()
        let assumed = UInt(512 << 10)
        return here > assumed ? here - assumed + UInt(reserve) : UInt.max
    }

    /// The address of a local of the caller's frame: where the stack has got to.
    @inline(__always)
    package static func currentPosition() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// Whether the stack has reached `limit` (a value from ``limit()`` on this thread).
    @inline(__always)
    package static func isExhausted(below limit: UInt) -> Bool {
        currentPosition() < limit
    }

    /// A thread for deep recursion could not be started.
    package struct ThreadUnavailable: Error, Sendable {
        /// The `errno`-style code `pthread_create` returned.
        package var code: Int32
    }

    /// Runs `body` on a new thread with a ``freshStackSize`` stack and waits for it to finish.
    ///
    /// The calling thread is blocked throughout, so `body` may use everything the caller can
    /// (its `inout` arguments included) as if it ran in place.
    /// - Parameters:
    ///   - unavailable: Makes the error to throw when no thread can be started.
    ///   - body: The work; it receives the new thread's ``limit()``.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or `unavailable`'s error.
    package static func onFreshStack<Result, Failure: Error>(
        unavailable: (ThreadUnavailable) -> Failure, _ body: (UInt) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure>? = withoutActuallyEscaping(body) { escapable in
            let job = Job<Result, Failure>(escapable)
            if let failure = job.run() { return .failure(unavailable(failure)) }
            return job.outcome
        }
        switch outcome {
        case .some(.success(let value)): return value
        case .some(.failure(let error)): throw error
        case .none: throw unavailable(ThreadUnavailable(code: 0))
        }
    }

    /// One piece of work and its outcome, handed to the new thread.
    ///
    /// @unchecked Sendable: the thread that creates the job waits in ``SystemThread/Joinable/join()``
    /// until the job's thread has finished with it, so the two never touch it at the same time.
    fileprivate final class Job<Result, Failure: Error>: @unchecked Sendable {
        let body: (UInt) throws(Failure) -> Result
        var outcome: Swift.Result<Result, Failure>?

        init(_ body: @escaping (UInt) throws(Failure) -> Result) { self.body = body }

        func runJob() {
            do {
                outcome = .success(try body(StackGuard.limit()))
            } catch {
                outcome = .failure(error)
            }
        }

        /// Runs the job on a new thread and waits; returns why no thread could be started, if so.
        func run() -> ThreadUnavailable? {
            switch SystemThread.startJoinable(stackSize: StackGuard.freshStackSize, { self.runJob() }) {
            case .success(let thread):
                thread.join()
                return nil
            case .failure(let failure):
                return failure
            }
        }
    }
}
