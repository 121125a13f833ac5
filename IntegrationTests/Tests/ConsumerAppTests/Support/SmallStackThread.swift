import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs work on a new `Thread` with a small stack, as an app's background thread may have.
nonisolated enum SmallStackThread {
    /// The stack size the tests give their threads: 512 KiB.
    static let stackSize = 512 * 1024

    /// Runs `body` on a new thread with a `stackSize`-byte stack and waits for it to finish.
    ///
    /// What `body` returns (or throws) is handed back to the calling thread, so a deep value it
    /// made is freed there rather than on the small stack. Values `body` captures are released by
    /// the worker when it ends: pass deep values in a ``Handover`` the caller keeps.
    /// - Parameters:
    ///   - stackSize: The new thread's stack size in bytes.
    ///   - body: The work; it must not need the calling thread, which is blocked until it ends.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    static func run<T>(stackSize: Int = stackSize, _ body: @escaping @Sendable () throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.result = Result { try body() }
            finished.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        finished.wait()
        // Moved out, so the box (which the worker's closure may release last) holds nothing deep.
        let result = outcome.result.take()!
        return try result.get()
    }

    /// The size of the calling thread's stack in bytes, where the platform says (Linux).
    static func currentStackSize() -> Int? {
        #if canImport(Glibc)
        // Glibc's module does not export this GNU extension; look it up in the loaded C library.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var size = 0
        guard pthread_attr_getstacksize(&attributes, &size) == 0 else { return nil }
        return size
        #else
        return nil
        #endif
    }

    /// Carries a result from the worker thread to the waiting one.
    private final class Outcome<T>: @unchecked Sendable {
        // @unchecked: written by the worker before it signals, read by the waiter after.
        var result: Result<T, any Error>?
    }

    /// A value the calling thread lends to the worker: the caller keeps the box and takes the
    /// value back afterwards, so whatever the worker releases last, it never frees the value.
    final class Handover<Value>: @unchecked Sendable {
        // @unchecked: the caller writes before starting the worker and reads after it ended.
        private var value: Value?

        init(_ value: Value) { self.value = value }

        /// The value, for the worker (a copy: the box keeps its own).
        var lent: Value { value! }

        /// The value, moved out of the box.
        func take() -> Value { value.take()! }
    }
}
