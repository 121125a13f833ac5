import Foundation
import Persistence
import Testing

/// The POSIX calls behind the seam, with errno captured.
@Suite struct SystemFileSystemTests {
    let disk = SystemFileSystem()

    @Test func createsNestedDirectoriesListsAndStats() throws {
        let root = try TemporaryDirectoryHolder()
        let nested = root.url.appendingPathComponent("a/b/c").path
        try disk.createDirectory(nested)
        try disk.createDirectory(nested)
        #expect(try disk.status(nested)?.isDirectory == true)
        #expect(try disk.contentsOfDirectory(root.url.appendingPathComponent("a").path) == ["b"])
        #expect(try disk.status(root.url.appendingPathComponent("missing").path) == nil)
    }

    @Test func failuresCarryTheCallPathAndErrno() throws {
        let root = try TemporaryDirectoryHolder()
        let missing = root.url.appendingPathComponent("missing").path
        let error = try #require(throws: SystemCallError.self) { try disk.readFile(missing) }
        #expect(error == SystemCallError(.open, path: missing, code: ENOENT))
        #expect(error.description.contains("ENOENT"))
        #expect(try !disk.remove(missing))
    }

    @Test func readsWritesAndTruncatesThroughDescriptors() throws {
        let root = try TemporaryDirectoryHolder()
        let path = root.url.appendingPathComponent("log").path
        let file = try disk.open(path, mode: .readAppend(permissions: 0o600))
        try disk.write(Data("hello ".utf8), to: file)
        try disk.write(Data("world".utf8), to: file)
        try disk.sync(file)
        #expect(try disk.read(file, at: 6, count: 100) == Data("world".utf8))
        try disk.truncate(file, to: 5)
        #expect(try disk.status(of: file).size == 5)
        try disk.close(file)
        #expect(try disk.readFile(path) == Data("hello".utf8))
    }

    @Test func advisoryLocksExcludeOtherDescriptors() throws {
        let root = try TemporaryDirectoryHolder()
        let path = root.url.appendingPathComponent("lock").path
        let first = try disk.open(path, mode: .readWrite(permissions: 0o600))
        let second = try disk.open(path, mode: .readWrite(permissions: 0o600))
        #expect(try disk.lock(first, .exclusive, wait: false))
        #expect(try !disk.lock(second, .exclusive, wait: false))
        disk.unlock(first)
        #expect(try disk.lock(second, .shared, wait: false))
        try disk.close(first)
        try disk.close(second)
    }

    @Test func faultsApplyToMatchingCallsOnlyAndRunOut() throws {
        let root = try TemporaryDirectoryHolder()
        let faulty = FaultInjectingFileSystem()
        faulty.inject(FileSystemFault(.createDirectory, code: EACCES, pathContains: "denied", times: 1))
        #expect(throws: SystemCallError(.createDirectory, path: root.url.appendingPathComponent("denied").path, code: EACCES)) {
            try faulty.createDirectory(root.url.appendingPathComponent("denied").path)
        }
        try faulty.createDirectory(root.url.appendingPathComponent("allowed").path)
        try faulty.createDirectory(root.url.appendingPathComponent("denied").path)
        #expect(faulty.recordedCalls.map(\.operation) == [.createDirectory, .createDirectory, .createDirectory])
    }
}
