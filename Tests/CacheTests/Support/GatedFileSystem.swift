import Foundation
import Persistence

/// The system's file system, except that reading chosen files waits until the test opens the
/// gate — to hold the cache at a known point.
final class GatedFileSystem: FileSystem, @unchecked Sendable {
    // @unchecked: the gates are semaphores (thread-safe); the rest is immutable.
    private let base = SystemFileSystem()
    private let gatedSuffixes: [String]
    private let gatedOpens: [String]
    /// Signalled when a gated call arrives; waited on by the test.
    let arrived = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - gatedSuffixes: `readFile` of a path ending with one of these waits for ``open()``.
    ///   - gatedOpens: `open` of a path containing one of these waits for ``open()``.
    init(gatedSuffixes: [String], gatedOpens: [String] = []) {
        self.gatedSuffixes = gatedSuffixes
        self.gatedOpens = gatedOpens
    }

    /// Lets one waiting call through.
    func open() { gate.signal() }

    private func pass() {
        arrived.signal()
        gate.wait()
    }

    func open(_ path: String, mode: FileOpenMode) throws(SystemCallError) -> FileDescriptor {
        if gatedOpens.contains(where: { path.contains($0) }) { pass() }
        return try base.open(path, mode: mode)
    }
    func write(_ data: Data, to file: FileDescriptor) throws(SystemCallError) { try base.write(data, to: file) }
    func read(_ file: FileDescriptor, at offset: Int64, count: Int) throws(SystemCallError) -> Data {
        try base.read(file, at: offset, count: count)
    }
    func sync(_ file: FileDescriptor) throws(SystemCallError) { try base.sync(file) }
    func truncate(_ file: FileDescriptor, to size: Int64) throws(SystemCallError) { try base.truncate(file, to: size) }
    func status(of file: FileDescriptor) throws(SystemCallError) -> FileStatus { try base.status(of: file) }
    func lock(_ file: FileDescriptor, _ kind: FileLockKind, wait: Bool) throws(SystemCallError) -> Bool {
        try base.lock(file, kind, wait: wait)
    }
    func unlock(_ file: FileDescriptor) { base.unlock(file) }
    func close(_ file: FileDescriptor) throws(SystemCallError) { try base.close(file) }
    func rename(_ source: String, to destination: String) throws(SystemCallError) {
        try base.rename(source, to: destination)
    }
    func syncDirectory(_ path: String) throws(SystemCallError) { try base.syncDirectory(path) }
    func remove(_ path: String) throws(SystemCallError) -> Bool { try base.remove(path) }
    func readFile(_ path: String) throws(SystemCallError) -> Data {
        if gatedSuffixes.contains(where: { path.hasSuffix($0) }) { pass() }
        return try base.readFile(path)
    }
    func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
        try base.contentsOfDirectory(path)
    }
    func createDirectory(_ path: String) throws(SystemCallError) { try base.createDirectory(path) }
    func status(_ path: String) throws(SystemCallError) -> FileStatus? { try base.status(path) }
    func removeDirectory(_ path: String) throws(SystemCallError) -> Bool { try base.removeDirectory(path) }
}
