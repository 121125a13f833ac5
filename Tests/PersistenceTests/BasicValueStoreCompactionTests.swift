import Foundation
import Testing
import TestSupport
import Persistence

@Suite("BasicValueStoreCompaction")
struct BasicValueStoreCompactionTests {
    private let policy = BasicCompactionPolicy(minimumFileSize: 4096, garbageRatio: 0.5)

    private func open(_ url: URL, _ fileSystem: any FileSystem = SystemFileSystem()) throws -> BasicValueStore {
        try BasicValueStore(fileURL: url, durability: .atomic, compaction: policy, fileSystem: fileSystem)
    }

    @Test func overwritesKeepTheLogBoundedAndTheValuesCurrent() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let store = try open(url)
        var largest = 0
        for round in 0 ..< 200 {
            for key in 0 ..< 10 { try store.set("round \(round) key \(key)", forKey: "k\(key)") }
            largest = max(largest, store.statistics.fileSize)
        }
        let statistics = store.statistics
        #expect(statistics.compactions > 0)
        // Compaction starts at half garbage (or the 4 KiB floor), so the log stays within about
        // twice the live bytes plus one record.
        #expect(largest <= max(2 * statistics.liveBytes + 64, policy.minimumFileSize + 64))
        let reopened = try open(url)
        for key in 0 ..< 10 { #expect(reopened.string(forKey: "k\(key)") == "round 199 key \(key)") }
    }

    @Test func explicitCompactionLeavesOnlyLiveRecords() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let store = try open(url)
        for index in 0 ..< 20 { try store.set(index, forKey: "k\(index % 3)") }
        try store.removeValue(forKey: "k2")
        try store.compact()
        let statistics = store.statistics
        #expect(statistics.fileSize == BasicLogFormat.headerSize + statistics.liveBytes)
        #expect(store.keys == ["k0", "k1"])
        #expect(try open(url).integer(forKey: "k1") == 19)
    }

    @Test func aStoreOpenedOnAGarbageHeavyLogCompactsIt() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        do {
            // No automatic compaction while writing.
            let store = try BasicValueStore(fileURL: url, durability: .atomic,
                                            compaction: BasicCompactionPolicy(minimumFileSize: .max, garbageRatio: 1),
                                            fileSystem: SystemFileSystem())
            for index in 0 ..< 500 { try store.set(index, forKey: "counter") }
        }
        let before = try Data(contentsOf: url).count
        let store = try open(url)
        #expect(store.statistics.compactions == 1)
        #expect(store.statistics.fileSize < before / 10)
        #expect(store.integer(forKey: "counter") == 499)
    }

    @Test func anotherStoreOnTheFileFollowsACompaction() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let first = try open(url)
        let second = try open(url)
        for index in 0 ..< 50 { try first.set(index, forKey: "k\(index % 5)") }
        #expect(second.integer(forKey: "k4") == 49)
        try first.compact()
        try first.set("after", forKey: "new")
        #expect(second.string(forKey: "new") == "after")
        #expect(second.integer(forKey: "k0") == 45)
        try second.set("from second", forKey: "k0")
        #expect(first.string(forKey: "k0") == "from second")
    }

    @Test func aFailedCompactionKeepsTheOldLogAndTheWriteSucceeds() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let disk = FaultInjectingFileSystem()
        let store = try open(url, disk)
        disk.inject(FileSystemFault(.rename, code: EIO))
        for index in 0 ..< 400 { try store.set("value \(index)", forKey: "k\(index % 4)") }
        #expect(store.statistics.compactions == 0)
        disk.removeAllFaults()
        // No temporary file is left behind by the failed attempts.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["values.log", "values.log.lock"])
        let reopened = try open(url)
        #expect(reopened.string(forKey: "k3") == "value 399")
    }

    /// Sets overwriting four keys until the store has compacted automatically once.
    private func writeUntilCompacted(_ store: BasicValueStore) throws {
        var index = 0
        while store.statistics.compactions == 0 && index < 10_000 {
            try store.set("value \(index)", forKey: "k\(index % 4)")
            index += 1
        }
        #expect(store.statistics.compactions == 1)
    }

    private func directoryFlushes(_ disk: FaultInjectingFileSystem) -> Int {
        disk.recordedCalls.filter { $0.operation == .syncDirectory }.count
    }

    @Test func anAtomicStoresCompactionLeavesTheDirectoryFlushToSynchronize() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        let store = try open(directory.file("values.log"), disk)
        disk.clearRecordedCalls()
        try writeUntilCompacted(store)
        let compaction = disk.recordedCalls.map(\.operation)
        // The new log is flushed before its rename; the directory is not flushed yet.
        #expect(compaction.contains(.rename))
        #expect(compaction.firstIndex(of: .sync).map { $0 < (compaction.firstIndex(of: .rename) ?? 0) } == true)
        #expect(directoryFlushes(disk) == 0)
        disk.clearRecordedCalls()
        try store.synchronize()
        // The log first, then the directory owed.
        let flushes: [FileSystemOperation] = disk.recordedCalls.map(\.operation).filter { $0 == .sync || $0 == .syncDirectory }
        #expect(flushes == [.sync, .syncDirectory])
        disk.clearRecordedCalls()
        try store.synchronize()
        #expect(directoryFlushes(disk) == 0)
    }

    @Test func aFailedOwedDirectoryFlushFailsSynchronizeAndIsRetried() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        let store = try open(directory.file("values.log"), disk)
        try writeUntilCompacted(store)
        disk.inject(FileSystemFault(.syncDirectory, code: EIO))
        #expect(throws: PersistenceError.self) { try store.synchronize() }
        disk.removeAllFaults()
        disk.clearRecordedCalls()
        try store.synchronize()
        #expect(directoryFlushes(disk) == 1)
    }

    @Test func aFullStorePaysTheDirectoryFlushAnAtomicStoresCompactionOwes() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let disk = FaultInjectingFileSystem()
        let batched = try open(url, disk)
        let durable = try BasicValueStore(fileURL: url, durability: .full, compaction: policy, fileSystem: disk)
        try writeUntilCompacted(batched)
        disk.clearRecordedCalls()
        try durable.set("durable", forKey: "after")
        let operations = disk.recordedCalls.map(\.operation)
        // The directory is flushed before the durable set's record is written.
        #expect(operations.firstIndex(of: .syncDirectory).map { $0 < (operations.lastIndex(of: .write) ?? -1) } == true)
        disk.clearRecordedCalls()
        try durable.set("again", forKey: "after")
        #expect(directoryFlushes(disk) == 0)
        #expect(batched.string(forKey: "after") == "again")
    }

    @Test func explicitCompactionFlushesTheDirectoryBeforeReturning() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        let store = try open(directory.file("values.log"), disk)
        for index in 0 ..< 20 { try store.set(index, forKey: "k\(index % 3)") }
        disk.clearRecordedCalls()
        try store.compact()
        let operations = disk.recordedCalls.map(\.operation)
        #expect(operations.firstIndex(of: .syncDirectory).map { $0 > (operations.firstIndex(of: .rename) ?? .max) } == true)
        #expect(directoryFlushes(disk) == 1)
        disk.clearRecordedCalls()
        try store.synchronize()
        #expect(directoryFlushes(disk) == 0)
    }
}
