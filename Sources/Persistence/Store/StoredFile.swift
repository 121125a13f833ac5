import Foundation

/// Where a write landed: the file and how many bytes it holds.
public struct StoredFile: Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var url: URL
    /// Its size in bytes.
    public var size: Int

    /// Creates a description of a written file.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - size: Its size in bytes.
    public init(url: URL, size: Int) {
        self.url = url
        self.size = size
    }

    /// `"<path> (<size> bytes)"`.
    public var description: String { "\(url.path) (\(size) bytes)" }
}

/// The outcome a background write reports: the file written, or why not.
public typealias BackgroundWriteResult = Result<StoredFile, PersistenceError>

/// Receives a background write's outcome on the queue the caller chose.
public typealias BackgroundWriteCompletion = @Sendable (BackgroundWriteResult) -> Void
