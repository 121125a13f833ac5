import Foundation
import Persistence
import Testing

/// Opening a store whose directory cannot be created is a typed error naming the directory.
@Suite struct ArchiveStoreOpeningTests {
    @Test func anUncreatableDirectoryIsAPermissionErrorWithThePath() throws {
        let directory = try TemporaryDirectoryHolder()
        let disk = FaultInjectingFileSystem()
        disk.inject(FileSystemFault(.createDirectory, code: EACCES))
        let path = directory.url.appendingPathComponent("denied").path
        let error = try #require(throws: PersistenceError.self) {
            try ArchiveStore(name: "denied", directoryPath: path, fileSystem: disk)
        }
        #expect(error.kind == .permission)
        #expect(error.path == path)
        #expect(error.description.contains("\"denied\""))
    }
}
