import Foundation
import Testing
import TestSupport
import Persistence

/// What opening a damaged log does: skip damaged records, cut torn tails, refuse foreign files.
@Suite("BasicValueStoreRecovery")
struct BasicValueStoreRecoveryTests {
    private func logURL(_ directory: borrowing TemporaryDirectory) -> URL { directory.file("values.log") }

    /// Writes keys `k0`…`k<count-1>` with values 0…; returns the offset where each record starts.
    private func populate(_ directory: borrowing TemporaryDirectory, count: Int) throws -> [Int] {
        let store = try BasicValueStore(fileURL: logURL(directory))
        var offsets: [Int] = []
        for index in 0 ..< count {
            offsets.append(store.statistics.fileSize)
            try store.set("value \(index)", forKey: "k\(index)")
        }
        return offsets
    }

    private func bytes(_ directory: borrowing TemporaryDirectory) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: logURL(directory)))
    }

    private func write(_ bytes: [UInt8], _ directory: borrowing TemporaryDirectory) throws {
        try Data(bytes).write(to: logURL(directory))
    }

    /// Sets the lock file's replacement mark, as a process killed while compacting leaves it.
    private func markReplacementInterrupted(_ directory: borrowing TemporaryDirectory) throws {
        let handle = try FileHandle(forUpdating: directory.file("values.log.lock"))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(BasicLogFormat.replacementMarkOffset))
        try handle.write(contentsOf: withUnsafeBytes(of: UInt64(1)) { Data($0) })
    }

    private func replacementMark(_ directory: borrowing TemporaryDirectory) throws -> UInt64 {
        let bytes = [UInt8](try Data(contentsOf: directory.file("values.log.lock")))
        guard bytes.count == BasicLogFormat.lockFileSize else { return .max }
        return bytes[BasicLogFormat.replacementMarkOffset...].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    @Test func corruptBytesInTheMiddleCostOnlyThatRecord() throws {
        let directory = try TemporaryDirectory()
        let offsets = try populate(directory, count: 10)
        var damaged = try bytes(directory)
        damaged[offsets[4] + 14] ^= 0xFF
        try write(damaged, directory)
        let store = try BasicValueStore(fileURL: logURL(directory))
        for index in 0 ..< 10 where index != 4 { #expect(store.string(forKey: "k\(index)") == "value \(index)") }
        #expect(store.string(forKey: "k4") == nil)
        let statistics = store.statistics
        #expect(statistics.damagedRegionsSkipped == 1)
        #expect(statistics.damagedBytesSkipped == offsets[5] - offsets[4])
        #expect(statistics.tornBytesTruncated == 0)
        // The store stays writable, and the damaged record stays skipped after more appends.
        try store.set("again", forKey: "k4")
        #expect(try BasicValueStore(fileURL: logURL(directory)).string(forKey: "k4") == "again")
    }

    @Test func aTornTailIsCutOnOpenAndTheOlderValueKept() throws {
        let directory = try TemporaryDirectory()
        _ = try populate(directory, count: 3)
        let intact = try bytes(directory)
        let extra = try #require(BasicLogRecord(key: "k1", value: .string("newer")).framed())
        for cut in 1 ..< extra.count {
            try write(intact + extra.prefix(cut), directory)
            let store = try BasicValueStore(fileURL: logURL(directory))
            #expect(store.string(forKey: "k1") == "value 1", "cut \(cut)")
            #expect(store.statistics.tornBytesTruncated == cut)
            #expect(try bytes(directory) == intact, "cut \(cut)")
        }
    }

    @Test func aDamagedHeaderIsRebuiltFromTheIntactRecords() throws {
        let directory = try TemporaryDirectory()
        _ = try populate(directory, count: 4)
        var damaged = try bytes(directory)
        damaged[2] = 0
        try write(damaged, directory)
        let store = try BasicValueStore(fileURL: logURL(directory))
        #expect(store.keys == ["k0", "k1", "k2", "k3"])
        #expect(Array(try bytes(directory).prefix(BasicLogFormat.headerSize)) == BasicLogFormat.header)
    }

    @Test func aFileOfAnotherKindIsRefusedAndLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        let foreign = Array("{\"this\": \"is JSON, not a log\"}\n".utf8)
        try write(foreign, directory)
        let error = try #require(throws: PersistenceError.self) { try BasicValueStore(fileURL: logURL(directory)) }
        #expect(error.kind == .corrupt)
        #expect(error.path == logURL(directory).path)
        #expect(try bytes(directory) == foreign)
    }

    @Test func aNewerFormatVersionIsRefusedAndLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        var newer = BasicLogFormat.header
        newer[8] = 2
        try write(newer, directory)
        let error = try #require(throws: PersistenceError.self) { try BasicValueStore(fileURL: logURL(directory)) }
        #expect(error.kind == .corrupt)
        #expect(error.message.contains("version 2"))
        #expect(try bytes(directory) == newer)
    }

    @Test func anEmptyOrHalfWrittenHeaderStartsAnEmptyStore() throws {
        for length in [0, 5, 15] {
            let directory = try TemporaryDirectory()
            try write(Array(BasicLogFormat.header.prefix(length)), directory)
            let store = try BasicValueStore(fileURL: logURL(directory))
            #expect(store.keys.isEmpty)
            try store.set(1, forKey: "one")
            #expect(try BasicValueStore(fileURL: logURL(directory)).integer(forKey: "one") == 1)
        }
    }

    @Test func leftoverCompactionFilesOfDeadProcessesAreRemovedOnOpen() throws {
        let directory = try TemporaryDirectory()
        _ = try populate(directory, count: 1)
        let leftover = directory.file(AtomicFileWriter.temporaryPrefix + "999999999-abc-values.log")
        try Data("half a compaction".utf8).write(to: leftover)
        try markReplacementInterrupted(directory)
        _ = try BasicValueStore(fileURL: logURL(directory))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(try replacementMark(directory) == 0)
    }

    @Test func openingListsTheDirectoryOnlyAfterAnInterruptedReplacement() throws {
        let directory = try TemporaryDirectory()
        _ = try populate(directory, count: 1)
        let leftover = directory.file(AtomicFileWriter.temporaryPrefix + "999999999-abc-values.log")
        try Data("not this store's".utf8).write(to: leftover)
        // No replacement was cut short: opening lists nothing and leaves the file to its writer's store.
        _ = try BasicValueStore(fileURL: logURL(directory))
        #expect(FileManager.default.fileExists(atPath: leftover.path))
        try markReplacementInterrupted(directory)
        _ = try BasicValueStore(fileURL: logURL(directory))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test func aCompactionLeavesTheReplacementMarkClearWhetherItSucceedsOrFails() throws {
        let directory = try TemporaryDirectory()
        let faults = FaultInjectingFileSystem()
        let store = try BasicValueStore(fileURL: logURL(directory), durability: .full, compaction: .standard,
                                        fileSystem: faults)
        try store.set(1, forKey: "a")
        try store.compact()
        #expect(try replacementMark(directory) == 0)
        faults.inject(FileSystemFault(.rename, code: EIO, times: 1))
        #expect(throws: PersistenceError.self) { try store.compact() }
        #expect(try replacementMark(directory) == 0)
        #expect(try BasicValueStore(fileURL: logURL(directory)).integer(forKey: "a") == 1)
    }

    @Test func aLockFileOfEightBytesFromAnEarlierBuildGrowsAndKeepsWorking() throws {
        let directory = try TemporaryDirectory()
        _ = try populate(directory, count: 2)
        try Data(count: 8).write(to: directory.file("values.log.lock"))
        let store = try BasicValueStore(fileURL: logURL(directory))
        try store.set("again", forKey: "k0")
        #expect(try Data(contentsOf: directory.file("values.log.lock")).count == BasicLogFormat.lockFileSize)
        #expect(try BasicValueStore(fileURL: logURL(directory)).string(forKey: "k0") == "again")
        #expect(store.string(forKey: "k1") == "value 1")
    }

    @Test func compactionFilesOfAKilledProcessAreRemovedOnOpenAndLiveOnesKept() throws {
        let directory = try TemporaryDirectory()
        _ = try populate(directory, count: 1)
        let dead = try KilledWriter.deadProcessID()
        let leftover = try KilledWriter.leaveTemporaryFile(in: directory.url, for: "values.log", pid: dead)
        let live = try KilledWriter.leaveTemporaryFile(in: directory.url, for: "values.log", pid: 1)
        try markReplacementInterrupted(directory)
        let store = try BasicValueStore(fileURL: logURL(directory))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(store.keys.count == 1)
    }

    @Test func randomDamageNeverPreventsOpeningAndKeepsUntouchedRecords() throws {
        let directory = try TemporaryDirectory()
        let offsets = try populate(directory, count: 12)
        let intact = try bytes(directory)
        let ends = Array(offsets.dropFirst()) + [intact.count]
        var random = SeededRandom(seed: 0xDA4A6E)
        for _ in 0 ..< 60 {
            var damaged = intact
            var hit = Set<Int>()
            for _ in 0 ..< random.inRange(1 ... 3) {
                let position = random.inRange(BasicLogFormat.headerSize ... intact.count - 1)
                damaged[position] ^= UInt8(random.inRange(1 ... 255))
                if let record = offsets.indices.first(where: { (offsets[$0] ..< ends[$0]).contains(position) }) {
                    hit.insert(record)
                }
            }
            try write(damaged, directory)
            let store = try BasicValueStore(fileURL: logURL(directory))
            for index in 0 ..< 12 where !hit.contains(index) {
                #expect(store.string(forKey: "k\(index)") == "value \(index)")
            }
        }
    }
}
