import Foundation

/// A fresh directory under the system's temporary directory, removed when the value goes away.
public struct TemporaryDirectory: ~Copyable {
    /// The directory.
    public let url: URL

    /// Creates an empty directory with a unique name.
    ///
    /// - Parameter prefix: The start of the directory's name, to tell test runs apart.
    /// - Throws: The file system's error when the directory cannot be created.
    public init(prefix: String = "archivist-test") throws {
        let name = "\(prefix)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` inside the directory (the file need not exist).
    ///
    /// - Parameter name: A file name or relative path.
    /// - Returns: The URL.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    deinit {
        // Best effort: a leftover directory under /tmp harms nothing.
        try? FileManager.default.removeItem(at: url)
    }
}
