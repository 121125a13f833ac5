#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads of our own, outside any pool: the one place that calls `pthread_create`. They run at
/// once even when the pools' threads are all busy, and a thread the system cannot make is
/// reported (``StackGuard/ThreadUnavailable``) instead of trapping.
package enum SystemThread {
    /// A thread started joinable.
    package struct Joinable {
        fileprivate let thread: pthread_t

        /// Waits for the thread to end.
        package func join() {
            pthread_join(thread, nil)
        }
    }

    /// Starts `body` on a new thread with a stack of `stackSize` bytes, to be joined.
    ///
    /// - Returns: The thread, or why none could be started (`body` is then dropped unrun).
    package static func startJoinable(stackSize: Int, _ body: @escaping @Sendable () -> Void)
        -> Result<Joinable, StackGuard.ThreadUnavailable> {
        start(stackSize: stackSize, detached: false, body).map(Joinable.init)
    }

    /// Starts `body` on a new detached thread with the system's default stack.
    ///
    /// - Returns: `false`, with `body` dropped unrun, when no thread could be started (the
    ///   system's limit on threads or memory).
    package static func startDetached(_ body: @escaping @Sendable () -> Void) -> Bool {
        if case .success = start(stackSize: nil, detached: true, body) { return true }
        return false
    }

    private static func start(stackSize: Int?, detached: Bool, _ body: @escaping @Sendable () -> Void)
        -> Result<pthread_t, StackGuard.ThreadUnavailable> {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return .failure(.init(code: ENOMEM)) }
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize {
            let status = pthread_attr_setstacksize(&attributes, stackSize)
            guard status == 0 else { return .failure(.init(code: status)) }
        }
        if detached {
            let status = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            guard status == 0 else { return .failure(.init(code: status)) }
        }
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            #if canImport(Glibc)
            guard let context else { return nil }
            #endif
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return .failure(.init(code: status))
        }
        #if canImport(Glibc)
        return .success(thread)
        #else
        // Set by every successful `pthread_create`.
        guard let thread else { return .failure(.init(code: 0)) }
        return .success(thread)
        #endif
    }

    /// The work, carried to the new thread as its one argument.
    private final class Work: Sendable {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
