import Foundation

/// Runs work on a new `Thread` with a small stack, as an app's background thread may have.
public enum SmallStackThread {
    /// The stack size the suites give their small threads: 512 KiB.
    public static let stackSize = 512 * 1024

    /// Runs `body` on a new thread with a `stackSize`-byte stack and waits for it to finish.
    ///
    /// What `body` returns (or throws) is handed back to the calling thread, so a deep value it made
    /// is freed there rather than on the small stack. Values `body` captures may be released by the
    /// worker when it ends: keep your own reference to deep values it borrows.
    /// - Parameters:
    ///   - stackSize: The new thread's stack size in bytes.
    ///   - body: The work.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    public static func run<T>(stackSize: Int = stackSize, _ body: @escaping @Sendable () throws -> T) throws -> T {
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

    /// Carries a result from the worker thread to the waiting one.
    private final class Outcome<T>: @unchecked Sendable {
        // @unchecked: written by the worker before it signals, read by the waiter after.
        var result: Result<T, any Error>?
    }
}

/// A value lent to another thread: the lender keeps the box and takes the value back afterwards,
/// so whatever the borrower releases last, it never frees the value.
public final class Lent<Value>: @unchecked Sendable {
    // @unchecked: written before the borrower starts, read by it, taken back after it ended.
    private var value: Value?

    /// Lends `value`.
    public init(_ value: Value) { self.value = value }

    /// The value, for the borrower (a copy: the box keeps its own).
    public var borrowed: Value { value! }

    /// The value, moved out of the box.
    public func take() -> Value { value.take()! }
}
