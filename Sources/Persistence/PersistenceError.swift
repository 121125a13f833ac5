import Foundation

/// Why a store could not save, load or delete something, and where.
///
/// Every error says what failed (``kind``, ``message``), for which key (``key``), on which file
/// (``path``) and, for file-system failures, which call (``operation``) and `errno` (``code``):
///
/// `no space left on device: cannot persist key "user": write /data/app/store/.archivist-tmp-…:
/// No space left on device (ENOSPC, errno 28)`
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure; match on it.
    public var kind: Kind
    /// What was being done, e.g. `cannot persist key "user"`.
    public var message: String
    /// The key involved, when there is one.
    public var key: String?
    /// The file or directory involved.
    public var path: String?
    /// The file-system call that failed (`write`, `fsync`, `rename`…), for I/O failures.
    public var operation: String?
    /// The `errno` the call set, for I/O failures.
    public var code: Int32?
    /// The error underneath (an `AutoCodingError` for encoding and decoding failures).
    public var underlying: (any Error & Sendable)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The kind of failure.
    ///   - message: What was being done or what is wrong.
    ///   - key: The key involved.
    ///   - path: The file or directory involved.
    ///   - operation: The file-system call that failed.
    ///   - code: Its `errno`.
    ///   - underlying: The error underneath.
    public init(_ kind: Kind, _ message: String, key: String? = nil, path: String? = nil, operation: String? = nil,
                code: Int32? = nil, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.key = key
        self.path = path
        self.operation = operation
        self.code = code
        self.underlying = underlying
    }

    /// ``path`` as a file URL.
    public var fileURL: URL? {
        path.map { URL(fileURLWithPath: $0) }
    }

    /// `<kind>: <message>: <call> <path>: <errno text>`, or with the underlying error.
    public var description: String {
        var text = "\(kind): \(message)"
        if let code {
            text += ": \(operation ?? "call") \(path ?? "?"): \(ErrnoName.describe(code))"
        } else if let path {
            text += " (\(path))"
        }
        if let underlying { text += ": \(underlying)" }
        return text
    }
}

extension PersistenceError {
    /// A kind of persistence failure. New kinds may be added; `switch` with a `default`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as descriptions print it.
        public let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// Nothing is stored under the key (or the file does not exist).
        public static let notFound = Kind("not found")
        /// The stored bytes are damaged or truncated: not what a store writes.
        public static let corrupt = Kind("corrupt")
        /// The stored archive is intact but does not decode as the requested type.
        public static let typeMismatch = Kind("type mismatch")
        /// The value cannot be archived (an unsupported property type, a cycle…).
        public static let unsupportedValue = Kind("unsupported value")
        /// The file system refused access (`EACCES`, `EPERM`, `EROFS`).
        public static let permission = Kind("permission denied")
        /// The device or quota is full (`ENOSPC`, `EDQUOT`).
        public static let noSpace = Kind("no space left on device")
        /// Any other input/output failure (`EIO`, a failed `rename` or `fsync`…).
        public static let io = Kind("input/output error")
        /// A before-save or after-load hook threw (the error is ``PersistenceError/underlying``).
        public static let hookFailed = Kind("hook failed")
        /// Another process holds the store's lock.
        public static let locked = Kind("locked")
        /// The store's location cannot be resolved (no home directory, an invalid name).
        public static let invalidLocation = Kind("invalid location")

        /// The kind's name.
        public var description: String { name }
    }
}

extension PersistenceError {
    /// Translates a failed file-system call, adding what was being done and the key.
    ///
    /// - Parameters:
    ///   - error: The failed call.
    ///   - message: What was being done.
    ///   - key: The key involved.
    package init(_ error: SystemCallError, _ message: String, key: String? = nil) {
        let kind: Kind
        switch error.code {
        case ENOENT: kind = .notFound
        case EACCES, EPERM, EROFS: kind = .permission
        case ENOSPC, EDQUOT: kind = .noSpace
        case EWOULDBLOCK: kind = .locked
        default: kind = .io
        }
        self.init(kind, message, key: key, path: error.path, operation: error.operation.rawValue, code: error.code,
                  underlying: nil)
    }
}
