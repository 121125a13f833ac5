import Foundation

/// The file-system calls durable stores make, behind one seam so tests can inject faults.
///
/// ``SystemFileSystem`` makes the POSIX calls; ``FaultInjectingFileSystem`` wraps any file system
/// and fails chosen calls with chosen `errno` values. Every method throws ``SystemCallError`` with
/// the call, the path and `errno`; paths are plain POSIX paths.
package protocol FileSystem: Sendable {
    /// Opens (or creates) a file. The corresponding C function is `open`.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - mode: Read, create exclusively, append or read-write.
    /// - Returns: The open descriptor; close it with ``close(_:)``.
    /// - Throws: ``SystemCallError`` (`ENOENT`, `EEXIST`, `EACCES`…).
    func open(_ path: String, mode: FileOpenMode) throws(SystemCallError) -> FileDescriptor

    /// Writes all of `data` at the file's position (retrying short writes and `EINTR`).
    /// The corresponding C function is `write`.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - file: An open descriptor.
    /// - Throws: ``SystemCallError`` (`ENOSPC`, `EIO`…); part of `data` may have been written.
    func write(_ data: Data, to file: FileDescriptor) throws(SystemCallError)

    /// Writes all of `bytes` at the file's position, as ``write(_:to:)-(Data,_)`` does, without
    /// first copying them into a `Data` (the basic-value store's appends). A file system that does
    /// not implement it gets one that makes the copy and calls ``write(_:to:)-(Data,_)``.
    ///
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - file: An open descriptor.
    /// - Throws: ``SystemCallError``; part of `bytes` may have been written.
    func write(_ bytes: UnsafeRawBufferPointer, to file: FileDescriptor) throws(SystemCallError)

    /// Reads up to `count` bytes at `offset` without moving the position. The corresponding C
    /// function is `pread`.
    ///
    /// - Parameters:
    ///   - file: An open descriptor.
    ///   - offset: Where to start.
    ///   - count: How many bytes at most.
    /// - Returns: The bytes read; fewer than `count` only at the end of the file.
    /// - Throws: ``SystemCallError``.
    func read(_ file: FileDescriptor, at offset: Int64, count: Int) throws(SystemCallError) -> Data

    /// ``read(_:at:count:)`` into an array: the basic-value store keeps the log's bytes and appends
    /// to them, which an array does with a plain copy.
    ///
    /// - Parameters:
    ///   - file: An open descriptor.
    ///   - offset: Where to start.
    ///   - count: How many bytes at most.
    /// - Returns: The bytes read; fewer than `count` only at the end of the file.
    /// - Throws: ``SystemCallError``.
    func readBytes(_ file: FileDescriptor, at offset: Int64, count: Int) throws(SystemCallError) -> [UInt8]

    /// Flushes the file's data and metadata to the device. The corresponding C function is `fsync`.
    ///
    /// - Parameter file: An open descriptor.
    /// - Throws: ``SystemCallError`` (`EIO` means the written data may be lost).
    func sync(_ file: FileDescriptor) throws(SystemCallError)

    /// Sets the file's size. The corresponding C function is `ftruncate`.
    ///
    /// - Parameters:
    ///   - file: An open descriptor.
    ///   - size: The new size.
    /// - Throws: ``SystemCallError``.
    func truncate(_ file: FileDescriptor, to size: Int64) throws(SystemCallError)

    /// The status of an open file. The corresponding C function is `fstat`.
    ///
    /// - Parameter file: An open descriptor.
    /// - Returns: Its size and type.
    /// - Throws: ``SystemCallError``.
    func status(of file: FileDescriptor) throws(SystemCallError) -> FileStatus

    /// Takes an advisory lock on the whole file. The corresponding C function is `flock`.
    ///
    /// - Parameters:
    ///   - file: An open descriptor.
    ///   - kind: Shared or exclusive.
    ///   - wait: Whether to block until the lock is free.
    /// - Returns: `true` when the lock is held; `false` when `wait` is `false` and another holder has it.
    /// - Throws: ``SystemCallError``.
    func lock(_ file: FileDescriptor, _ kind: FileLockKind, wait: Bool) throws(SystemCallError) -> Bool

    /// Releases an advisory lock taken with ``lock(_:_:wait:)``.
    ///
    /// - Parameter file: An open descriptor.
    func unlock(_ file: FileDescriptor)

    /// Closes a descriptor. The corresponding C function is `close`.
    ///
    /// - Parameter file: An open descriptor; it must not be used again.
    /// - Throws: ``SystemCallError`` (on some file systems a deferred write error surfaces here).
    func close(_ file: FileDescriptor) throws(SystemCallError)

    /// Atomically replaces `destination` with `source`. The corresponding C function is `rename`.
    ///
    /// - Parameters:
    ///   - source: The existing file.
    ///   - destination: The name it takes; an existing file there is replaced.
    /// - Throws: ``SystemCallError`` with the source path.
    func rename(_ source: String, to destination: String) throws(SystemCallError)

    /// Flushes a directory's entries (makes a rename, create or unlink in it durable).
    /// The corresponding C calls are `open(O_DIRECTORY)` and `fsync`.
    ///
    /// - Parameter path: The directory.
    /// - Throws: ``SystemCallError``.
    func syncDirectory(_ path: String) throws(SystemCallError)

    /// Removes a file. The corresponding C function is `unlink`.
    ///
    /// - Parameter path: The file.
    /// - Returns: `false` when there was no file.
    /// - Throws: ``SystemCallError`` for any failure but `ENOENT`.
    @discardableResult
    func remove(_ path: String) throws(SystemCallError) -> Bool

    /// Reads a whole file.
    ///
    /// - Parameter path: The file.
    /// - Returns: Its bytes.
    /// - Throws: ``SystemCallError`` (`ENOENT` when it does not exist).
    func readFile(_ path: String) throws(SystemCallError) -> Data

    /// The names in a directory, without `.` and `..`, sorted. The corresponding C functions are
    /// `opendir` and `readdir`.
    ///
    /// - Parameter path: The directory.
    /// - Returns: The entry names.
    /// - Throws: ``SystemCallError`` (`ENOENT` when it does not exist).
    func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String]

    /// Creates a directory and any missing parents (`mkdir -p`).
    ///
    /// - Parameter path: The directory.
    /// - Throws: ``SystemCallError`` naming the component that could not be created.
    func createDirectory(_ path: String) throws(SystemCallError)

    /// The status of a path, or `nil` when nothing is there. The corresponding C function is `stat`.
    ///
    /// - Parameter path: Any path.
    /// - Returns: Its size and type.
    /// - Throws: ``SystemCallError`` for any failure but `ENOENT`.
    func status(_ path: String) throws(SystemCallError) -> FileStatus?

    /// Removes an empty directory. The corresponding C function is `rmdir`.
    ///
    /// - Parameter path: The directory.
    /// - Returns: `false` when there was nothing at `path`.
    /// - Throws: ``SystemCallError`` for any failure but `ENOENT` (`ENOTEMPTY` when it is not empty).
    @discardableResult
    func removeDirectory(_ path: String) throws(SystemCallError) -> Bool
}
