/// What `stat` reports about a path that the stores need.
package struct FileStatus: Sendable, Equatable {
    /// The size in bytes.
    package var size: Int64
    /// Whether the path is a directory.
    package var isDirectory: Bool
    /// Whether the path is a regular file.
    package var isRegularFile: Bool
    /// Last modification, in seconds since 1970 (with nanoseconds as the fraction).
    package var modificationTime: Double
    /// `st_dev`: with ``inode``, which file this is whatever its name (a file renamed over the
    /// path has other numbers). Zero when unknown.
    package var device: UInt64 = 0
    /// `st_ino`. Zero when unknown.
    package var inode: UInt64 = 0

    /// Creates a status.
    ///
    /// - Parameters:
    ///   - size: Size in bytes.
    ///   - isDirectory: Whether it is a directory.
    ///   - isRegularFile: Whether it is a regular file.
    ///   - modificationTime: Seconds since 1970.
    package init(size: Int64, isDirectory: Bool, isRegularFile: Bool, modificationTime: Double) {
        self.size = size
        self.isDirectory = isDirectory
        self.isRegularFile = isRegularFile
        self.modificationTime = modificationTime
    }
}
