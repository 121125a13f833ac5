/// Produces a value the cache does not hold yet (from the network, a renderer, a database…).
///
/// The cache calls ``fetch()`` at most once per key and format at a time: concurrent requests for
/// one key wait for the same fetch. The fetched value goes through the format's transforms, is
/// stored in both levels and is returned to every waiting request.
public protocol Fetcher<Value>: Sendable {
    /// The type of value fetched.
    associatedtype Value: Sendable

    /// The cache key of the value this fetcher produces.
    var key: String { get }

    /// Produces the value.
    ///
    /// - Returns: The value, or `nil` when there is none (reported as
    ///   ``CacheError/Kind/fetcherReturnedNothing``).
    /// - Throws: Any error; it is reported as ``CacheError/Kind/fetcherFailed``.
    func fetch() async throws -> Value?

    /// Asks an ongoing ``fetch()`` to stop early. Called when every request waiting on the fetch
    /// has been cancelled; the fetch's task is cancelled too.
    func cancel()
}

extension Fetcher {
    /// Does nothing: fetchers that only need task cancellation can leave `cancel()` out.
    public func cancel() {}
}
