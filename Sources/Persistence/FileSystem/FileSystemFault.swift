/// A failure ``FaultInjectingFileSystem`` returns instead of making a call.
package struct FileSystemFault: Sendable {
    /// The call that fails.
    package var operation: FileSystemOperation
    /// Only calls whose path (or, for `rename`, source or destination) contains this fail; `nil`
    /// matches every path.
    package var pathContains: String?
    /// The `errno` the call fails with.
    package var code: Int32
    /// How many more calls fail; `nil` for every matching call.
    package var remaining: Int?
    /// For `write`: how many bytes really reach the file before the failure (a short write).
    package var bytesWrittenFirst: Int

    /// Describes a fault.
    ///
    /// - Parameters:
    ///   - operation: The call that fails.
    ///   - code: Its `errno`, e.g. `ENOSPC`.
    ///   - pathContains: A substring of the paths that fail, or `nil` for all.
    ///   - times: How many matching calls fail; `nil` for all of them.
    ///   - bytesWrittenFirst: For writes, bytes written before failing.
    package init(_ operation: FileSystemOperation, code: Int32, pathContains: String? = nil, times: Int? = nil,
                 bytesWrittenFirst: Int = 0) {
        self.operation = operation
        self.code = code
        self.pathContains = pathContains
        self.remaining = times
        self.bytesWrittenFirst = bytesWrittenFirst
    }

    /// Whether the fault applies to a call.
    func matches(_ operation: FileSystemOperation, paths: [String]) -> Bool {
        guard operation == self.operation, remaining.map({ $0 > 0 }) ?? true else { return false }
        guard let pathContains else { return true }
        return paths.contains { $0.contains(pathContains) }
    }
}
