import Foundation

/// Why a cache request failed, with the key and format it was for.
///
/// The same shape as the stores' `PersistenceError`: a ``kind`` to match on (a struct of static
/// members, so new kinds can be added without breaking a `switch` that has a `default`), what was
/// asked for (``key``, ``format``), the file involved (``url``) and the error underneath.
///
/// `the disk entry is unreadable and was removed for key "42" in format "full" (/…/entries/42): …`
public struct CacheError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let kind: Kind
    /// The key of the request.
    public let key: String
    /// The format of the request.
    public let format: String
    /// The disk entry involved, when there is one.
    public let url: URL?
    /// The error behind this one (a fetcher's, a decoder's, the file system's), if any.
    public let underlying: (any Error)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - key: The key of the request.
    ///   - format: The format of the request.
    ///   - url: The disk entry involved.
    ///   - underlying: The error behind this one.
    public init(_ kind: Kind, key: String, format: String, url: URL? = nil, underlying: (any Error)? = nil) {
        self.kind = kind
        self.key = key
        self.format = format
        self.url = url
        self.underlying = underlying
    }

    /// A one-line explanation naming the key, the format and the file.
    public var description: String {
        var text = "\(kind.explanation) for key \"\(key)\" in format \"\(format)\""
        if let url { text += " (\(url.path))" }
        if let underlying { text += ": \(underlying)" }
        return text
    }
}
