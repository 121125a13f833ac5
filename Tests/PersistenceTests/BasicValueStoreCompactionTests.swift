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
}
