import ArchivistCache
import Foundation
import Persistence
import Testing
import TestSupport

/// The disk level: one file per entry, LRU eviction by its own journal, restart and repair.
@Suite final class CacheDiskLevelTests {
    private let directory: TemporaryDirectory
    private let clock = TestClock()

    init() throws {
        directory = try TemporaryDirectory(prefix: "archivist-cache-disk")
    }

    private func level(capacity: Int64 = 1_000, fileSystem: any FileSystem = SystemFileSystem(),
                       expiry: CacheExpiry = .never) -> DiskLevel {
        DiskLevel(directory: directory.file("format").path, capacity: capacity, expiry: expiry,
                  fileSystem: fileSystem, clock: clock.cacheClock, touchedKeys: { [] })
    }

    private var entries: URL { directory.file("format").appendingPathComponent("entries") }

    private func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: entries.path)) ?? []).sorted()
    }

    private func bytesOnDisk() -> Int64 {
        files().reduce(0) { total, name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: entries.appendingPathComponent(name).path)
            return total + Int64((attributes?[.size] as? Int) ?? 0)
        }
    }

    private func contents(_ disk: DiskLevel, _ key: String) -> Data? {
        guard case .found(let path, _) = disk.lookup(key, countsAsUse: false) else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    private static var attributesSupported: Bool {
        guard let scratch = try? TemporaryDirectory() else { return false }
        let path = scratch.file("probe").path
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        return EntryKeyAttribute.write("probe", toFileAt: path)
    }

    @Test func storesOneFilePerEntryNamedAfterTheKeyWithTheKeyInAnAttribute() throws {
        let disk = level()
        try disk.store(Data("value".utf8), for: "Key/../1")
        #expect(files() == [KeyFileName.stem(for: "Key/../1").text])
        #expect(contents(disk, "Key/../1") == Data("value".utf8))
        if Self.attributesSupported {
            #expect(EntryKeyAttribute.read(fromFileAt: entries.appendingPathComponent(files()[0]).path) == "Key/../1")
        }
    }

    @Test func evictsTheLeastRecentlyUsedSoTheCapacityIsNeverExceeded() throws {
        let disk = level(capacity: 1_000)
        for number in 0..<4 { try disk.store(payload("k\(number)", size: 300), for: "k\(number)") }
        // k0 was evicted to make room for k3.
        #expect(disk.lookup("k0", countsAsUse: false) == .missing)
        _ = disk.lookup("k1", countsAsUse: true)
        try disk.store(payload("k4", size: 300), for: "k4")
        #expect(disk.lookup("k2", countsAsUse: false) == .missing)
        #expect(contents(disk, "k1") == payload("k1", size: 300))
        #expect(disk.totalSize == 900)
        #expect(bytesOnDisk() == 900)
    }

    @Test func replacingAnEntryCountsOnlyItsNewSize() throws {
        let disk = level(capacity: 1_000)
        try disk.store(payload("a", size: 600), for: "a")
        try disk.store(payload("a", size: 900, version: 1), for: "a")
        #expect(disk.totalSize == 900)
        #expect(contents(disk, "a") == payload("a", size: 900, version: 1))
    }

    @Test func aValueLargerThanTheCapacityIsRefusedAndTheStaleEntryRemoved() throws {
        let disk = level(capacity: 100)
        try disk.store(payload("a", size: 50), for: "a")
        #expect(try disk.store(payload("a", size: 101), for: "a") == false)
        #expect(disk.lookup("a", countsAsUse: false) == .missing)
        #expect(files().isEmpty && disk.totalSize == 0)
    }

    @Test func theIndexAndOrderSurviveARestart() throws {
        do {
            let disk = level(capacity: 1_000)
            for number in 0..<3 { try disk.store(payload("k\(number)", size: 300), for: "k\(number)") }
            _ = disk.lookup("k0", countsAsUse: true)
            disk.synchronize()
        }
        let reopened = level(capacity: 1_000)
        #expect(reopened.totalSize == 900 && reopened.count == 3)
        try reopened.store(payload("k3", size: 300), for: "k3")
        // k1 is now the least recently used (k0 was read after k1 and k2 were stored).
        #expect(reopened.lookup("k1", countsAsUse: false) == .missing)
        #expect(contents(reopened, "k0") == payload("k0", size: 300))
        #expect(bytesOnDisk() == 900)
    }

    @Test func aSmallerCapacityAfterARestartEvictsAtOnce() throws {
        do {
            let disk = level(capacity: 1_000)
            for number in 0..<3 { try disk.store(payload("k\(number)", size: 300), for: "k\(number)") }
        }
        let smaller = level(capacity: 500)
        #expect(smaller.totalSize == 300 && files() == [KeyFileName.stem(for: "k2").text])
    }

    @Test func aCorruptJournalIsRebuiltFromTheFiles() throws {
        let longKey = String(repeating: "long key ", count: 40)
        do {
            let disk = level(capacity: 10_000)
            try disk.store(payload("plain", size: 100), for: "plain")
            try disk.store(payload(longKey, size: 200), for: longKey)
        }
        try Data("garbage".utf8).write(to: directory.file("format").appendingPathComponent("journal"))
        let rebuilt = level(capacity: 10_000)
        #expect(contents(rebuilt, "plain") == payload("plain", size: 100))
        if Self.attributesSupported {
            // A hashed file name cannot give its key back: only the attribute can.
            #expect(contents(rebuilt, longKey) == payload(longKey, size: 200))
            #expect(rebuilt.totalSize == 300)
        } else {
            #expect(rebuilt.totalSize == 100)
        }
        #expect(rebuilt.totalSize == bytesOnDisk())
        // The repaired journal is valid again.
        let journal = DiskJournal.read(path: directory.file("format").appendingPathComponent("journal").path,
                                       fileSystem: SystemFileSystem())
        #expect(!journal.corrupt)
    }

    @Test func filesAddedOrRemovedBehindTheCachesBackAreReconciledAtOpen() throws {
        do {
            let disk = level(capacity: 10_000)
            try disk.store(payload("a", size: 100), for: "a")
            try disk.store(payload("b", size: 100), for: "b")
        }
        try FileManager.default.removeItem(at: entries.appendingPathComponent(KeyFileName.stem(for: "a").text))
        try payload("c", size: 70).write(to: entries.appendingPathComponent(KeyFileName.stem(for: "c").text))
        try Data("stray".utf8).write(to: entries.appendingPathComponent("not~a~key~name"))
        let reopened = level(capacity: 10_000)
        #expect(reopened.lookup("a", countsAsUse: false) == .missing)
        #expect(contents(reopened, "c") == payload("c", size: 70))
        #expect(reopened.totalSize == 170)
        #expect(!files().contains("not~a~key~name"))
    }

    @Test func aFailedWriteKeepsThePreviousEntryAndThrows() throws {
        let faulty = FaultInjectingFileSystem()
        let disk = level(capacity: 1_000, fileSystem: faulty)
        try disk.store(Data("old".utf8), for: "a")
        for operation in [FileSystemOperation.write, .rename, .open] {
            faulty.inject(FileSystemFault(operation, code: ENOSPC, pathContains: "entries", times: 1))
            #expect(throws: SystemCallError.self) { try disk.store(Data("new value".utf8), for: "a") }
            #expect(contents(disk, "a") == Data("old".utf8))
            #expect(disk.totalSize == 3)
        }
    }

    @Test func theJournalStaysProportionalToTheEntries() throws {
        let disk = level(capacity: 100_000)
        for number in 0..<20 { try disk.store(payload("k\(number)", size: 10), for: "k\(number)") }
        for round in 0..<20_000 { _ = disk.lookup("k\(round % 20)", countsAsUse: true) }
        disk.synchronize()
        let journal = DiskJournal.read(path: directory.file("format").appendingPathComponent("journal").path,
                                       fileSystem: SystemFileSystem())
        #expect(journal.records.count <= 2 * 20 + 1_024 + 1)
        #expect(!journal.corrupt)
    }

    @Test func expiredEntriesAreRemovedWhenLookedUp() throws {
        let disk = level(expiry: .fixed(60))
        try disk.store(Data("value".utf8), for: "a")
        clock.advance(by: 61)
        #expect(disk.lookup("a", countsAsUse: true) == .expired)
        #expect(files().isEmpty && disk.totalSize == 0)
    }
}
