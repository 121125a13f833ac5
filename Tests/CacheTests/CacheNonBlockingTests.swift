import ArchivistCache
import Foundation
import Persistence
import Testing
import TestSupport

/// What waits on the disk and what does not: async reads leave the cooperative pool's threads
/// free, a write's bytes go to disk without the lock readers need, and registering over a format
/// returns before its files are gone.
@Suite final class CacheNonBlockingTests {
    private let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture()
    }

    /// More reads than the machine has cores, all held inside their file reads at once: another
    /// task still runs meanwhile, which it could not if the reads held the pool's threads, and
    /// no read waits for a thread behind the others (as it did on a queue one thread per core
    /// wide).
    @Test func asyncDiskReadsSuspendTheirTasksInsteadOfHoldingPoolThreads() async throws {
        let readers = ProcessInfo.processInfo.activeProcessorCount + 2
        do {
            let writer = fixture.dataCache()
            writer.register(CacheFormat(name: "f", diskCapacity: 1_000_000))
            for number in 0..<readers { try await writer.set(payload("k\(number)", size: 64), forKey: "k\(number)", format: "f") }
        }
        let gated = GatedFileSystem(gatedSuffixes: (0..<readers).map { "entries/k\($0)" })
        let cache = fixture.dataCache(fileSystem: gated)
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000_000, preloadPolicy: .none))
        let reads = (0..<readers).map { number in
            Task { try await cache.value(forKey: "k\(number)", format: "f") }
        }
        // Watched from a thread of its own: neither the pool nor Dispatch's width may be free.
        let (arrived, otherTaskRan) = await withCheckedContinuation { (continuation: CheckedContinuation<(Bool, Bool), Never>) in
            Thread.detachNewThread {
                let arrived = (0..<readers).allSatisfy { _ in gated.arrived.wait(timeout: .now() + 20) == .success }
                let ran = DispatchSemaphore(value: 0)
                Task.detached { ran.signal() }
                let otherTaskRan = ran.wait(timeout: .now() + 10) == .success
                for _ in 0..<(readers * 2) { gated.open() }
                continuation.resume(returning: (arrived, otherTaskRan))
            }
        }
        #expect(arrived, "fewer than \(readers) reads reached the disk at once")
        #expect(otherTaskRan, "no task could run while the reads waited on the disk: they hold pool threads")
        for (number, read) in reads.enumerated() {
            #expect(try await read.value == payload("k\(number)", size: 64))
        }
    }

    /// A store held while it writes its bytes: a lookup of another key answers meanwhile.
    @Test func aLookupDoesNotWaitForAStoreWritingItsBytes() async throws {
        let gated = GatedFileSystem(gatedSuffixes: [], gatedOpens: [AtomicFileWriter.temporaryPrefix])
        let disk = DiskLevel(directory: fixture.directory.file("format").path, capacity: 10_000, expiry: .never,
                             fileSystem: gated, clock: fixture.clock.cacheClock, touchedKeys: { [] })
        let (answeredWhileWriting, stored) = try await offCooperativePool { () -> (Bool, Bool) in
            let first = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = try? disk.store(Data("old".utf8), for: "a")
                first.signal()
            }
            gated.arrived.wait()
            gated.open()
            first.wait()
            let storeDone = DispatchSemaphore(value: 0)
            let result = StateLock(false)
            DispatchQueue.global().async {
                result.withLock { $0 = (try? disk.store(Data("new".utf8), for: "b")) == true }
                storeDone.signal()
            }
            gated.arrived.wait()  // the store of "b" is writing its temporary file
            let answered = lookupAnswersWhileHeld(disk, "a", gated: gated, held: storeDone)
            return (answered, result.withLock { $0 })
        }
        #expect(answeredWhileWriting)
        #expect(stored)
        guard case .found(let path, _) = disk.lookup("b", countsAsUse: false) else {
            Issue.record("the store of b is not in the index")
            return
        }
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
    }

    /// Registering over a format returns at once; its old entries are gone before the new
    /// format's first disk access, and writes made right after registering survive the clearing.
    @Test func reregisteringClearsTheOldEntriesWithoutLosingTheNewFormatsWrites() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000_000))
        for number in 0..<50 { try await cache.set(payload("old\(number)", size: 256), forKey: "old\(number)", format: "f") }
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000_000))
        try await cache.set(payload("new", size: 256), forKey: "new", format: "f")
        cache.synchronize()
        #expect(fixture.entryFiles(format: "f") == [KeyFileName.stem(for: "new").text])
        let restarted = fixture.dataCache()
        restarted.register(CacheFormat(name: "f", diskCapacity: 1_000_000))
        #expect(try restarted.cachedValue(forKey: "new", format: "f") == payload("new", size: 256))
        #expect(throws: CacheError.self) { try restarted.cachedValue(forKey: "old0", format: "f") }
    }

    /// `removeAll()` removes the directories of formats not registered now, whatever they hold,
    /// through the cache's file system, and never follows a symbolic link out of the cache.
    @Test func removeAllDeletesUnregisteredFormatDirectoriesWithoutFollowingLinks() async throws {
        let outside = fixture.directory.file("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("precious"))
        let stale = fixture.cacheDirectory().appendingPathComponent("stale/entries/deeper", isDirectory: true)
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: stale.appendingPathComponent("file"))
        try FileManager.default.createSymbolicLink(at: fixture.cacheDirectory().appendingPathComponent("stale/link"),
                                                   withDestinationURL: outside)
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "kept", diskCapacity: 1_000))
        try await cache.set(Data("v".utf8), forKey: "k", format: "kept")
        await cache.removeAll()
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.cacheDirectory().path)
        #expect(names == [KeyFileName.stem(for: "kept").text])
        #expect(FileManager.default.contents(atPath: outside.appendingPathComponent("precious").path) == Data("keep".utf8))
    }
}

/// The journal is written outside the disk level's lock.
@Suite struct CacheJournalOutsideTheLockTests {
    @Test func aLookupDoesNotWaitForAJournalWrite() async throws {
        let directory = try TemporaryDirectory(prefix: "archivist-cache-journal-lock")
        let gated = GatedFileSystem(gatedSuffixes: [], gatedOpens: ["/format/journal"])
        let disk = DiskLevel(directory: directory.file("format").path, capacity: 10_000, expiry: .never,
                             fileSystem: gated, clock: TestClock().cacheClock, touchedKeys: { [] })
        let answered = try await offCooperativePool { () -> Bool in
            let storeDone = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = try? disk.store(Data("v".utf8), for: "a")  // its journal append opens the journal
                storeDone.signal()
            }
            gated.arrived.wait()
            return lookupAnswersWhileHeld(disk, "a", gated: gated, held: storeDone)
        }
        #expect(answered)
        disk.synchronize()
        let journal = DiskJournal.read(path: directory.file("format").appendingPathComponent("journal").path,
                                       fileSystem: SystemFileSystem())
        #expect(journal.records.contains { if case .stored(let key, _, _, _, _, _) = $0 { key == "a" } else { false } })
    }
}

/// Whether a lookup of `key` answers within 10 seconds while a call is held at `gated`'s gate;
/// then lets the held call (and one spare) through and waits for it (`held` is signalled when it
/// ends) and for the lookup.
private func lookupAnswersWhileHeld(_ disk: DiskLevel, _ key: String, gated: GatedFileSystem,
                                    held: DispatchSemaphore) -> Bool {
    let lookupDone = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        _ = disk.lookup(key, countsAsUse: true)
        lookupDone.signal()
    }
    let answered = lookupDone.wait(timeout: .now() + 10) == .success
    gated.open()
    gated.open()  // spare: a second gated call must not hang the test
    held.wait()
    if !answered { lookupDone.wait() }
    return answered
}
