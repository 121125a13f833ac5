import Foundation

/// A file system that passes calls to another one, except the calls a test told it to fail.
///
/// ```swift
/// let disk = FaultInjectingFileSystem()
/// disk.inject(FileSystemFault(.write, code: ENOSPC, pathContains: "user"))
/// ```
/// It also records every call (operation and path) so tests can check order, e.g. that a rename
/// is preceded by an `fsync` of the temporary file and followed by an `fsync` of the directory.
package final class FaultInjectingFileSystem: FileSystem, @unchecked Sendable {
    // @unchecked: `faults` and `calls` are only touched while `lock` is held.
    private let base: any FileSystem
    private let lock = NSLock()
    private var faults: [FileSystemFault] = []
    private var calls: [(operation: FileSystemOperation, path: String)] = []
    private var hook: (@Sendable (FileSystemOperation, String) -> Void)?

    /// Wraps a file system.
    ///
    /// - Parameter base: The file system that does the real work.
    package init(wrapping base: any FileSystem = SystemFileSystem()) {
        self.base = base
    }

    /// Adds a fault; the earliest matching fault wins.
    ///
    /// - Parameter fault: What fails and how.
    package func inject(_ fault: FileSystemFault) {
        lock.withLock { faults.append(fault) }
    }

    /// Sets a function called before every call (outside the lock), e.g. to hold a writer at a
    /// chosen step until the test releases it.
    ///
    /// - Parameter hook: Receives the operation and path; `nil` removes the hook.
    package func setHook(_ hook: (@Sendable (FileSystemOperation, String) -> Void)?) {
        lock.withLock { self.hook = hook }
    }

    /// Removes every fault: later calls all succeed.
    package func removeAllFaults() {
        lock.withLock { faults.removeAll() }
    }

    /// The calls made so far, in order.
    package var recordedCalls: [(operation: FileSystemOperation, path: String)] {
        lock.withLock { calls }
    }

    /// Forgets the recorded calls.
    package func clearRecordedCalls() {
        lock.withLock { calls.removeAll() }
    }

    /// Records a call and returns the fault it meets, if any (consuming one of its uses).
    private func check(_ operation: FileSystemOperation, _ paths: String...) -> FileSystemFault? {
        if let hook = lock.withLock({ hook }) { hook(operation, paths.first ?? "") }
        return lock.withLock {
            calls.append((operation, paths.first ?? ""))
            guard let index = faults.firstIndex(where: { $0.matches(operation, paths: paths) }) else { return nil }
            let fault = faults[index]
            if let remaining = fault.remaining { faults[index].remaining = remaining - 1 }
            return fault
        }
    }

    private func fail(_ fault: FileSystemFault, _ path: String) -> SystemCallError {
        SystemCallError(fault.operation, path: path, code: fault.code)
    }

    package func open(_ path: String, mode: FileOpenMode) throws(SystemCallError) -> FileDescriptor {
        if let fault = check(.open, path) { throw fail(fault, path) }
        return try base.open(path, mode: mode)
    }

    package func write(_ data: Data, to file: FileDescriptor) throws(SystemCallError) {
        if let fault = check(.write, file.path) {
            let prefix = min(max(fault.bytesWrittenFirst, 0), data.count)
            if prefix > 0 { try base.write(data.prefix(prefix), to: file) }
            throw fail(fault, file.path)
        }
        try base.write(data, to: file)
    }

    package func read(_ file: FileDescriptor, at offset: Int64, count: Int) throws(SystemCallError) -> Data {
        if let fault = check(.read, file.path) { throw fail(fault, file.path) }
        return try base.read(file, at: offset, count: count)
    }

    package func sync(_ file: FileDescriptor) throws(SystemCallError) {
        if let fault = check(.sync, file.path) { throw fail(fault, file.path) }
        try base.sync(file)
    }

    package func truncate(_ file: FileDescriptor, to size: Int64) throws(SystemCallError) {
        if let fault = check(.truncate, file.path) { throw fail(fault, file.path) }
        try base.truncate(file, to: size)
    }

    package func status(of file: FileDescriptor) throws(SystemCallError) -> FileStatus {
        if let fault = check(.status, file.path) { throw fail(fault, file.path) }
        return try base.status(of: file)
    }

    package func lock(_ file: FileDescriptor, _ kind: FileLockKind, wait: Bool) throws(SystemCallError) -> Bool {
        if let fault = check(.lock, file.path) { throw fail(fault, file.path) }
        return try base.lock(file, kind, wait: wait)
    }

    package func unlock(_ file: FileDescriptor) {
        base.unlock(file)
    }

    package func close(_ file: FileDescriptor) throws(SystemCallError) {
        if let fault = check(.close, file.path) {
            // The descriptor is released anyway, as close(2) does even when it reports an error.
            try? base.close(file)
            throw fail(fault, file.path)
        }
        try base.close(file)
    }

    package func rename(_ source: String, to destination: String) throws(SystemCallError) {
        if let fault = check(.rename, source, destination) { throw fail(fault, source) }
        try base.rename(source, to: destination)
    }

    package func syncDirectory(_ path: String) throws(SystemCallError) {
        if let fault = check(.syncDirectory, path) { throw fail(fault, path) }
        try base.syncDirectory(path)
    }

    @discardableResult
    package func remove(_ path: String) throws(SystemCallError) -> Bool {
        if let fault = check(.remove, path) { throw fail(fault, path) }
        return try base.remove(path)
    }

    package func removeDirectory(_ path: String) throws(SystemCallError) -> Bool {
        if let fault = check(.removeDirectory, path) { throw fail(fault, path) }
        return try base.removeDirectory(path)
    }

    package func readFile(_ path: String) throws(SystemCallError) -> Data {
        if let fault = check(.read, path) { throw fail(fault, path) }
        return try base.readFile(path)
    }

    package func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
        if let fault = check(.listDirectory, path) { throw fail(fault, path) }
        return try base.contentsOfDirectory(path)
    }

    package func createDirectory(_ path: String) throws(SystemCallError) {
        if let fault = check(.createDirectory, path) { throw fail(fault, path) }
        try base.createDirectory(path)
    }

    package func status(_ path: String) throws(SystemCallError) -> FileStatus? {
        if let fault = check(.status, path) { throw fail(fault, path) }
        return try base.status(path)
    }
}
