#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work started on a thread of its own, outside any pool: it runs at once even when the pools'
/// threads are all busy, and a thread that cannot be made is reported instead of trapping.
enum DetachedThread {
    /// Starts `body` on a new detached thread.
    ///
    /// - Parameter body: The work; it owns whatever it captures until it returns.
    /// - Returns: `false`, with `body` dropped unrun, when no thread could be started (the
    ///   system's limit on threads or memory).
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { return false }
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
            return false
        }
        return true
    }

    /// The work, carried to the new thread as its one argument.
    private final class Work: Sendable {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
