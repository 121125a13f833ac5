import Foundation

/// A fresh directory under the system's temporary directory, removed when the value goes away.
nonisolated final class TemporaryDirectory: Sendable {
    /// The directory.
    let url: URL

    /// Creates an empty directory with a unique name.
    ///
    /// - Throws: The file system's error when the directory cannot be created.
    init() throws {
        let name = "archivist-consumer-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` inside the directory (the file need not exist).
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    deinit {
        // Best effort: a leftover directory under the temporary directory harms nothing.
        try? FileManager.default.removeItem(at: url)
    }
}
