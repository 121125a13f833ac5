import Foundation
import Persistence
import PropertyList
import Testing

/// Blobs and dictionaries saved under fresh unique names.
@Suite struct UniqueFileStoreTests {
    /// A store in a temporary directory that lives as long as the fixture.
    struct Fixture {
        let directory: TemporaryDirectoryHolder
        let store: UniqueFileStore
    }

    private func makeStore(_ disk: FaultInjectingFileSystem = FaultInjectingFileSystem()) throws -> Fixture {
        let directory = try TemporaryDirectoryHolder()
        let store = try UniqueFileStore(directoryPath: directory.url.appendingPathComponent("blobs").path,
                                        fileExtension: "bin", fileSystem: disk)
        return Fixture(directory: directory, store: store)
    }

    @Test func eachWriteGetsANewFileWithTheExtensionAndItsSize() throws {
        let fixture = try makeStore()
        let store = fixture.store
        let first = try store.persist(Data("hello".utf8))
        let second = try store.persist(Data("hello".utf8))
        #expect(first.url != second.url)
        #expect(first.url.pathExtension == "bin")
        #expect(first.size == 5)
        #expect(try Data(contentsOf: first.url) == Data("hello".utf8))
        withExtendedLifetime(fixture) {}
    }

    @Test func dictionariesAreWrittenAsPropertyListsFoundationReads() throws {
        let fixture = try makeStore()
        let store = fixture.store
        var dictionary = PropertyListDictionary()
        dictionary["name"] = "Ada"
        dictionary["age"] = 36
        let file = try store.persist(dictionary, format: .xml)
        let data = try Data(contentsOf: file.url)
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        #expect(foundation?["name"] as? String == "Ada")
        #expect(foundation?["age"] as? Int == 36)
        #expect(file.size == data.count)
        withExtendedLifetime(fixture) {}
    }

    @Test func backgroundWritesReportEveryFileOnTheChosenQueue() async throws {
        let fixture = try makeStore()
        let store = fixture.store
        var urls = Set<URL>()
        for index in 0..<20 {
            let file = try await store.persistInBackground(Data(repeating: UInt8(index), count: index + 1))
            #expect(file.size == index + 1)
            urls.insert(file.url)
        }
        #expect(urls.count == 20)
        let done = DispatchSemaphore(value: 0)
        store.persistInBackground(PropertyListDictionary(), queue: .global()) { result in
            #expect((try? result.get()) != nil)
            done.signal()
        }
        done.wait()
        withExtendedLifetime(fixture) {}
    }

    @Test func aFailedWriteIsTypedAndLeavesNoFile() throws {
        let disk = FaultInjectingFileSystem()
        let fixture = try makeStore(disk)
        let store = fixture.store
        disk.inject(FileSystemFault(.write, code: ENOSPC))
        let error = try #require(throws: PersistenceError.self) { try store.persist(Data("x".utf8)) }
        #expect(error.kind == .noSpace)
        #expect(error.path?.hasPrefix(store.directoryURL.path) == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directoryURL.path).isEmpty)
        withExtendedLifetime(fixture) {}
    }

    @Test func openingRemovesWhatKilledWritersLeftAndKeepsLiveWrites() throws {
        let directory = try TemporaryDirectoryHolder()
        let blobs = directory.url.appendingPathComponent("blobs")
        let dead = try KilledWriter.deadProcessID()
        let name = UUID().uuidString.lowercased() + ".bin"
        let leftover = try KilledWriter.leaveTemporaryFile(in: blobs, for: name, pid: dead)
        let live = try KilledWriter.leaveTemporaryFile(in: blobs, for: name, pid: 1)
        try Data("kept".utf8).write(to: blobs.appendingPathComponent(name))
        let store = try UniqueFileStore(directoryPath: blobs.path, fileExtension: "bin", fileSystem: SystemFileSystem())
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(FileManager.default.fileExists(atPath: blobs.appendingPathComponent(name).path))
        withExtendedLifetime(store) {}
    }
}
