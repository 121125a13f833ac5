/// An open file: the descriptor and the path it was opened with (for errors and injected faults).
package struct FileDescriptor: Sendable, Hashable {
    /// The descriptor number.
    package var rawValue: Int32
    /// The path passed to `open`.
    package var path: String

    /// Wraps a descriptor.
    ///
    /// - Parameters:
    ///   - rawValue: The descriptor number.
    ///   - path: The path it was opened with.
    package init(rawValue: Int32, path: String) {
        self.rawValue = rawValue
        self.path = path
    }
}

/// How ``FileSystem/open(_:mode:)`` opens a file.
package enum FileOpenMode: Sendable, Equatable {
    /// Read only; the file must exist.
    case read
    /// Write only, creating the file; fails with `EEXIST` if it exists (temporary files).
    case createExclusive(permissions: UInt16)
    /// Read and write, creating the file if needed, positioned for appending (logs).
    case readAppend(permissions: UInt16)
    /// Read and write, creating the file if needed (lock files, files rewritten in place).
    case readWrite(permissions: UInt16)
}

/// The advisory lock ``FileSystem/lock(_:_:wait:)`` takes.
package enum FileLockKind: Sendable, Equatable {
    /// Many holders (readers).
    case shared
    /// One holder (writers).
    case exclusive
}
