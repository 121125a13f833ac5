import Foundation
import Testing
import TestSupport
import Persistence

/// Injected file-system failures: each is a typed error naming key and path, and what was stored
/// before survives.
@Suite("BasicValueStoreFault")
struct BasicValueStoreFaultTests {
    private func open(_ url: URL, _ disk: FaultInjectingFileSystem,
                      _ durability: WriteDurability = .full) throws -> BasicValueStore {
        try BasicValueStore(fileURL: url, durability: durability, compaction: .standard, fileSystem: disk)
    }

    @Test(arguments: [(ENOSPC, PersistenceError.Kind.noSpace), (EIO, .io), (EDQUOT, .noSpace)])
    func aFailedAppendKeepsThePreviousValue(code: Int32, kind: PersistenceError.Kind) throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let disk = FaultInjectingFileSystem()
        let store = try open(url, disk)
        try store.set("old", forKey: "user")
        let before = try Data(contentsOf: url)
        // Part of the record reaches the file before the failure: it must be cut off again.
        disk.inject(FileSystemFault(.write, code: code, pathContains: "values.log", times: 1, bytesWrittenFirst: 7))
        let error = try #require(throws: PersistenceError.self) { try store.set("new", forKey: "user") }
        #expect(error.kind == kind)
        #expect(error.key == "user")
        #expect(error.path == url.path)
        #expect(error.operation == "write")
        #expect(error.code == code)
        #expect(store.string(forKey: "user") == "old")
        #expect(try Data(contentsOf: url) == before)
        #expect(try BasicValueStore(fileURL: url).string(forKey: "user") == "old")
        // The store keeps working once the disk does.
        try store.set("new", forKey: "user")
        #expect(try BasicValueStore(fileURL: url).string(forKey: "user") == "new")
    }

    @Test func aFailedFsyncIsReportedAndTheWriteUndone() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let disk = FaultInjectingFileSystem()
        let store = try open(url, disk)
        try store.set(1, forKey: "count")
        disk.inject(FileSystemFault(.sync, code: EIO, pathContains: "values.log", times: 1))
        let error = try #require(throws: PersistenceError.self) { try store.set(2, forKey: "count") }
        #expect(error.kind == .io)
        #expect(error.key == "count")
        #expect(error.operation == "fsync")
        #expect(store.integer(forKey: "count") == 1)
        #expect(try BasicValueStore(fileURL: url).integer(forKey: "count") == 1)
    }

    @Test func aFailedRemovalKeepsTheValue() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let disk = FaultInjectingFileSystem()
        let store = try open(url, disk)
        try store.set(true, forKey: "flag")
        disk.inject(FileSystemFault(.write, code: ENOSPC, pathContains: "values.log", times: 1))
        let error = try #require(throws: PersistenceError.self) { try store.removeValue(forKey: "flag") }
        #expect(error.key == "flag")
        #expect(error.message.contains("remove"))
        #expect(store.bool(forKey: "flag"))
    }

    @Test func aPartialRecordThatCannotBeCutIsSkippedLater() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let disk = FaultInjectingFileSystem()
        let store = try open(url, disk)
        try store.set("a", forKey: "first")
        disk.inject(FileSystemFault(.write, code: EIO, pathContains: "values.log", times: 1, bytesWrittenFirst: 9))
        disk.inject(FileSystemFault(.truncate, code: EIO, times: 1))
        #expect(throws: PersistenceError.self) { try store.set("b", forKey: "second") }
        try store.set("c", forKey: "third")
        let reopened = try BasicValueStore(fileURL: url)
        #expect(reopened.keys == ["first", "third"])
    }

    @Test func aFailedRemoveAllChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let disk = FaultInjectingFileSystem()
        let store = try open(url, disk)
        try store.set(1, forKey: "one")
        disk.inject(FileSystemFault(.rename, code: EACCES, times: 1))
        let error = try #require(throws: PersistenceError.self) { try store.removeAll() }
        #expect(error.kind == .permission)
        #expect(store.keys == ["one"])
        #expect(try BasicValueStore(fileURL: url).keys == ["one"])
    }

    @Test func aFailedSynchronizeIsReported() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        let store = try open(directory.file("values.log"), disk, .atomic)
        try store.set(1, forKey: "one")
        disk.inject(FileSystemFault(.sync, code: EIO, times: 1))
        let error = try #require(throws: PersistenceError.self) { try store.synchronize() }
        #expect(error.kind == .io)
        try store.synchronize()
    }

    @Test func anUnopenableLockFileIsAPermissionError() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let disk = FaultInjectingFileSystem()
        disk.inject(FileSystemFault(.open, code: EACCES, pathContains: ".lock"))
        let error = try #require(throws: PersistenceError.self) { try open(url, disk) }
        #expect(error.kind == .permission)
        #expect(error.path == url.path + ".lock")
    }
}
