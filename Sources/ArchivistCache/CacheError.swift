import Foundation

/// Why a cache request failed, with the key and format it was for.
public struct CacheError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The value is in neither level and no fetcher was given.
        case notFound
        /// The fetcher threw; ``CacheError/underlying`` holds its error.
        case fetcherFailed
        /// The fetcher finished without a value.
        case fetcherReturnedNothing
        /// The disk entry could not be read or decoded; it has been removed, so the next request
        /// is an ordinary miss. ``CacheError/url`` names the file.
        case diskEntryUnreadable
        /// No format with this name is registered.
        case formatNotRegistered
        /// The value could not be encoded for the disk, or a format's transform threw.
        case encodingFailed
        /// The disk entry could not be written; the previous entry, if any, is unchanged.
        case diskWriteFailed
        /// The request's task was cancelled before a value arrived.
        case cancelled
    }

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
        var text: String
        switch kind {
        case .notFound: text = "no cached value"
        case .fetcherFailed: text = "the fetcher failed"
        case .fetcherReturnedNothing: text = "the fetcher returned no value"
        case .diskEntryUnreadable: text = "the disk entry is unreadable and was removed"
        case .formatNotRegistered: text = "no format with this name is registered"
        case .encodingFailed: text = "the value could not be prepared for storing"
        case .diskWriteFailed: text = "the disk entry could not be written"
        case .cancelled: text = "the request was cancelled"
        }
        text += " for key \"\(key)\" in format \"\(format)\""
        if let url { text += " (\(url.path))" }
        if let underlying { text += ": \(underlying)" }
        return text
    }
}
