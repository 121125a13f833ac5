/// A ``Fetcher`` made of a key and a closure.
///
/// ```swift
/// let fetcher = ClosureFetcher(key: url.absoluteString) { try await download(url) }
/// let data = try await cache.value(from: fetcher, format: "original")
/// ```
public struct ClosureFetcher<Value: Sendable>: Fetcher {
    /// The cache key of the value.
    public let key: String
    private let body: @Sendable () async throws -> Value?
    private let onCancel: @Sendable () -> Void

    /// Creates a fetcher.
    ///
    /// - Parameters:
    ///   - key: The cache key of the value.
    ///   - onCancel: Called when every waiting request has been cancelled.
    ///   - body: Produces the value, or `nil` when there is none.
    public init(key: String, onCancel: @escaping @Sendable () -> Void = {},
                _ body: @escaping @Sendable () async throws -> Value?) {
        self.key = key
        self.body = body
        self.onCancel = onCancel
    }

    /// Runs the closure.
    ///
    /// - Returns: The closure's value.
    /// - Throws: The closure's error.
    public func fetch() async throws -> Value? { try await body() }

    /// Calls the `onCancel` closure.
    public func cancel() { onCancel() }
}
