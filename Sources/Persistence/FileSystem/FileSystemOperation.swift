/// The file-system calls a ``FileSystem`` makes, named for errors, logs and injected faults.
package enum FileSystemOperation: String, Sendable, CaseIterable, CustomStringConvertible {
    /// `open` (creating, reading or appending).
    case open
    /// `read` / `pread`.
    case read
    /// `write`.
    case write
    /// `fsync` of a file.
    case sync = "fsync"
    /// `close`.
    case close
    /// `rename`.
    case rename
    /// `fsync` of a directory (makes a rename or unlink durable).
    case syncDirectory = "fsync-directory"
    /// `unlink`.
    case remove = "unlink"
    /// `opendir` / `readdir`.
    case listDirectory = "readdir"
    /// `mkdir`.
    case createDirectory = "mkdir"
    /// `stat` / `fstat`.
    case status = "stat"
    /// `flock`.
    case lock = "flock"
    /// `ftruncate`.
    case truncate = "ftruncate"
    /// `rmdir`.
    case removeDirectory = "rmdir"

    /// The call's name, e.g. `fsync`.
    package var description: String { rawValue }
}
