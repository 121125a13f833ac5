#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file-system call: which call, on which path, and the `errno` it set.
///
/// Stores translate it into a ``PersistenceError`` that adds the key; the seam itself knows no keys.
package struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed.
    package var operation: FileSystemOperation
    /// The path it was called on (for `rename`, the source).
    package var path: String
    /// The `errno` value it set.
    package var code: Int32

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - operation: The call that failed.
    ///   - path: The path it was called on.
    ///   - code: Its `errno`.
    package init(_ operation: FileSystemOperation, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// `"fsync /a/b: Input/output error (EIO, errno 5)"`.
    package var description: String {
        "\(operation) \(path): \(ErrnoName.describe(code))"
    }
}

/// Symbolic names of the `errno` values stores meet, for messages a user can search for.
package enum ErrnoName {
    /// The symbol of `code` (`"ENOSPC"`), or `nil` for values not in the table.
    ///
    /// - Parameter code: An `errno` value.
    /// - Returns: Its symbolic name.
    package static func symbol(_ code: Int32) -> String? {
        switch code {
        case ENOENT: "ENOENT"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case ENOSPC: "ENOSPC"
        case EDQUOT: "EDQUOT"
        case EIO: "EIO"
        case EROFS: "EROFS"
        case EEXIST: "EEXIST"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case EINVAL: "EINVAL"
        case EWOULDBLOCK: "EWOULDBLOCK"
        case EBADF: "EBADF"
        case ENAMETOOLONG: "ENAMETOOLONG"
        case EMFILE: "EMFILE"
        case EINTR: "EINTR"
        case EXDEV: "EXDEV"
        case ENOTEMPTY: "ENOTEMPTY"
        default: nil
        }
    }

    /// `"No space left on device (ENOSPC, errno 28)"`.
    ///
    /// - Parameter code: An `errno` value.
    /// - Returns: The C library's message with the symbol and number.
    package static func describe(_ code: Int32) -> String {
        let message = String(cString: strerror(code))
        if let symbol = symbol(code) { return "\(message) (\(symbol), errno \(code))" }
        return "\(message) (errno \(code))"
    }
}
