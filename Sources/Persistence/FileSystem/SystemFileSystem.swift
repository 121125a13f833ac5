import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system: each method is one POSIX call (or a short loop of them), with `errno`
/// captured right after the call that set it.
package struct SystemFileSystem: FileSystem {
    /// Creates the real file system.
    package init() {}

    package func open(_ path: String, mode: FileOpenMode) throws(SystemCallError) -> FileDescriptor {
        var flags = O_CLOEXEC
        var permissions: UInt16 = 0
        switch mode {
        case .read:
            flags |= O_RDONLY
        case .createExclusive(let bits):
            flags |= O_WRONLY | O_CREAT | O_EXCL
            permissions = bits
        case .readAppend(let bits):
            flags |= O_RDWR | O_CREAT | O_APPEND
            permissions = bits
        case .readWrite(let bits):
            flags |= O_RDWR | O_CREAT
            permissions = bits
        }
        while true {
            let descriptor = Self.systemOpen(path, flags, mode_t(permissions))
            if descriptor >= 0 { return FileDescriptor(rawValue: descriptor, path: path) }
            let code = errno
            if code != EINTR { throw SystemCallError(.open, path: path, code: code) }
        }
    }

    package func write(_ data: Data, to file: FileDescriptor) throws(SystemCallError) {
        let failure = data.withUnsafeBytes { buffer -> SystemCallError? in
            do throws(SystemCallError) {
                try write(buffer, to: file)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    package func write(_ bytes: UnsafeRawBufferPointer, to file: FileDescriptor) throws(SystemCallError) {
        guard var cursor = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(file.rawValue, cursor, remaining)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                throw SystemCallError(.write, path: file.path, code: code)
            }
            if written == 0 { throw SystemCallError(.write, path: file.path, code: EIO) }
            remaining -= written
            cursor += written
        }
    }

    package func read(_ file: FileDescriptor, at offset: Int64, count: Int) throws(SystemCallError) -> Data {
        guard count > 0 else { return Data() }
        // Not `Data(count:)`: zeroing what `pread` overwrites costs a tenth of opening a large
        // store, and `malloc` reports a failed allocation where Swift's allocators trap.
        guard let base = malloc(count) else { throw SystemCallError(.read, path: file.path, code: ENOMEM) }
        let (filled, code) = Self.readFully(file, at: offset, into: base, count: count)
        if let code {
            free(base)
            throw SystemCallError(.read, path: file.path, code: code)
        }
        guard filled > 0 else {
            free(base)
            return Data()
        }
        return Data(bytesNoCopy: base, count: filled, deallocator: .free)
    }

    package func readBytes(_ file: FileDescriptor, at offset: Int64, count: Int) throws(SystemCallError) -> [UInt8] {
        guard count > 0 else { return [] }
        var code: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return initialized = 0 }
            (initialized, code) = Self.readFully(file, at: offset, into: base, count: count)
        }
        if let code { throw SystemCallError(.read, path: file.path, code: code) }
        return bytes
    }

    /// `pread` until `count` bytes or the end of the file, retrying on `EINTR`.
    ///
    /// - Returns: How many bytes were read, and the `errno` of a failure.
    private static func readFully(_ file: FileDescriptor, at offset: Int64, into base: UnsafeMutableRawPointer,
                                  count: Int) -> (filled: Int, code: Int32?) {
        var filled = 0
        while filled < count {
            let got = pread(file.rawValue, base + filled, count - filled, off_t(offset) + off_t(filled))
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                return (filled, code)
            }
            if got == 0 { break }
            filled += got
        }
        return (filled, nil)
    }

    package func sync(_ file: FileDescriptor) throws(SystemCallError) {
        if Self.fullSync(file.rawValue) != 0 { throw SystemCallError(.sync, path: file.path, code: errno) }
    }

    package func truncate(_ file: FileDescriptor, to size: Int64) throws(SystemCallError) {
        if ftruncate(file.rawValue, off_t(size)) != 0 { throw SystemCallError(.truncate, path: file.path, code: errno) }
    }

    package func status(of file: FileDescriptor) throws(SystemCallError) -> FileStatus {
        var info = stat()
        if fstat(file.rawValue, &info) != 0 { throw SystemCallError(.status, path: file.path, code: errno) }
        return Self.status(from: info)
    }

    package func lock(_ file: FileDescriptor, _ kind: FileLockKind, wait: Bool) throws(SystemCallError) -> Bool {
        var operation = kind == .exclusive ? LOCK_EX : LOCK_SH
        if !wait { operation |= LOCK_NB }
        while flock(file.rawValue, operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK && !wait { return false }
            throw SystemCallError(.lock, path: file.path, code: code)
        }
        return true
    }

    package func unlock(_ file: FileDescriptor) {
        _ = flock(file.rawValue, LOCK_UN)
    }

    package func close(_ file: FileDescriptor) throws(SystemCallError) {
        // Never retried: after EINTR the descriptor is already closed on Linux.
        if systemClose(file.rawValue) != 0 { throw SystemCallError(.close, path: file.path, code: errno) }
    }

    package func rename(_ source: String, to destination: String) throws(SystemCallError) {
        if systemRename(source, destination) != 0 { throw SystemCallError(.rename, path: source, code: errno) }
    }

    package func syncDirectory(_ path: String) throws(SystemCallError) {
        let descriptor = Self.systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        if descriptor < 0 { throw SystemCallError(.syncDirectory, path: path, code: errno) }
        defer { _ = systemClose(descriptor) }
        if Self.fullSync(descriptor) != 0 { throw SystemCallError(.syncDirectory, path: path, code: errno) }
    }

    @discardableResult
    package func remove(_ path: String) throws(SystemCallError) -> Bool {
        if unlink(path) == 0 { return true }
        let code = errno
        if code == ENOENT { return false }
        throw SystemCallError(.remove, path: path, code: code)
    }

    package func removeDirectory(_ path: String) throws(SystemCallError) -> Bool {
        if rmdir(path) == 0 { return true }
        let code = errno
        if code == ENOENT { return false }
        throw SystemCallError(.removeDirectory, path: path, code: code)
    }

    package func readFile(_ path: String) throws(SystemCallError) -> Data {
        let file = try open(path, mode: .read)
        defer { try? close(file) }
        let size = try status(of: file).size
        // Read past the reported size too: the file may have grown since `fstat`.
        var data = try read(file, at: 0, count: Int(clamping: max(size, 0)))
        while true {
            let more = try read(file, at: Int64(data.count), count: 65_536)
            if more.isEmpty { return data }
            data.append(more)
        }
    }

    package func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
        guard let directory = opendir(path) else { throw SystemCallError(.listDirectory, path: path, code: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                let code = errno
                if code != 0 { throw SystemCallError(.listDirectory, path: path, code: code) }
                break
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    package func createDirectory(_ path: String) throws(SystemCallError) {
        if let existing = try status(path) {
            if existing.isDirectory { return }
            throw SystemCallError(.createDirectory, path: path, code: ENOTDIR)
        }
        let parent = AtomicFileWriter.directory(of: path)
        if parent != "." && parent != path { try createDirectory(parent) }
        if mkdir(path, 0o755) != 0 {
            let code = errno
            // Another thread or process may have created it in between.
            if code == EEXIST, (try? status(path))??.isDirectory == true { return }
            throw SystemCallError(.createDirectory, path: path, code: code)
        }
    }

    package func status(_ path: String) throws(SystemCallError) -> FileStatus? {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw SystemCallError(.status, path: path, code: code)
        }
        return Self.status(from: info)
    }

    private static func status(from info: stat) -> FileStatus {
        let type = info.st_mode & S_IFMT
        #if canImport(Darwin)
        let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
        var status = FileStatus(size: Int64(info.st_size), isDirectory: type == S_IFDIR,
                                isRegularFile: type == S_IFREG, modificationTime: modified)
        status.device = UInt64(truncatingIfNeeded: info.st_dev)
        status.inode = UInt64(truncatingIfNeeded: info.st_ino)
        return status
    }

    /// `fsync`, or on Apple platforms `F_FULLFSYNC` (plain `fsync` there does not flush the drive's
    /// cache), falling back to `fsync` where the file system refuses it.
    private static func fullSync(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        while true {
            if fsync(descriptor) == 0 { return 0 }
            if errno != EINTR { return -1 }
        }
    }

    private static func systemOpen(_ path: String, _ flags: Int32, _ permissions: mode_t) -> Int32 {
        #if canImport(Darwin)
        Darwin.open(path, flags, permissions)
        #elseif canImport(Musl)
        Musl.open(path, flags, permissions)
        #else
        Glibc.open(path, flags, permissions)
        #endif
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
    #else
    Glibc.write(descriptor, buffer, count)
    #endif
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(descriptor)
    #elseif canImport(Musl)
    Musl.close(descriptor)
    #else
    Glibc.close(descriptor)
    #endif
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Darwin)
    Darwin.rename(source, destination)
    #elseif canImport(Musl)
    Musl.rename(source, destination)
    #else
    Glibc.rename(source, destination)
    #endif
}
