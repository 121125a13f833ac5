import Foundation
import Testing
import TestSupport
import Persistence

/// Change streams: per key (the current value, then each new one) and for the whole store (which
/// keys changed), from this store, another store on the file and another process.
@Suite("BasicValueStoreChanges", .timeLimit(.minutes(1)))
struct BasicValueStoreChangeTests {
    fileprivate func open(_ url: URL, compaction: BasicCompactionPolicy = .standard) throws -> BasicValueStore {
        try BasicValueStore(fileURL: url, durability: .atomic, compaction: compaction, fileSystem: SystemFileSystem())
    }

    /// Polls until `condition` holds (registration happens on another task), for at most a few seconds.
    private func eventually(_ condition: () -> Bool) async throws {
        for _ in 0 ..< 500 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func aKeyStreamYieldsTheCurrentValueThenEverySetUpdateRemovalAndRemoveAll() async throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory.file("values.log"))
        try store.set(1, forKey: .launches)
        var values = store.changes(forKey: .launches, bufferingPolicy: .unbounded).makeAsyncIterator()
        #expect(await values.next() == 1)
        try store.set(2, forKey: .launches)
        try store.update(forKey: .launches) { $0 += 10 }
        try store.removeValue(forKey: .launches)
        try store.removeValue(forKey: .launches)    // nothing stored: nothing written, nothing yielded
        try store.set(5, forKey: "launches")        // a string key names the same value
        try store.set(true, forKey: "launches")     // another type reads as the default
        try store.set(9, forKey: "other")           // another key: nothing
        try store.removeAll()
        store[.launches] = 3
        for expected in [2, 12, 0, 5, 0, 0, 3] {
            #expect(await values.next() == expected)
        }
    }

    @Test func aKeyStreamKeepsOnlyTheNewestValueForABusyConsumerByDefault() async throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory.file("values.log"))
        var values = store.changes(forKey: .userName).makeAsyncIterator()
        #expect(await values.next() == .some(nil))
        for name in ["a", "b", "c"] { try store.set(name, forKey: .userName) }
        #expect(await values.next() == "c")
    }

    @Test func compactionChangesNoValueAndYieldsNothing() async throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory.file("values.log"))
        for count in 0 ..< 50 { try store.set(count, forKey: .launches) }
        var values = store.changes(forKey: .launches, bufferingPolicy: .unbounded).makeAsyncIterator()
        var keys = store.changes().makeAsyncIterator()
        #expect(await values.next() == 49)
        try store.compact()
        #expect(store.statistics.compactions == 1)
        try store.set("x", forKey: "marker")
        try store.set(50, forKey: .launches)
        #expect(await keys.next()?.keys == ["marker", "launches"])
        #expect(await values.next() == 50)
    }

    @Test func theStoreStreamNamesChangedKeysAndMergesThemWhileTheConsumerIsBusy() async throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory.file("values.log"))
        try store.set(1, forKey: "before")    // before the stream: not reported
        var changes = store.changes().makeAsyncIterator()
        try store.set("Ada", forKey: .userName)
        let first = try #require(await changes.next())
        #expect(first.keys == ["userName"])
        #expect(first.contains(.userName) && !first.contains(.launches))
        try store.set(1, forKey: .launches)
        try store.update(forKey: .readingMode) { $0 = .paged }
        try store.removeValue(forKey: .userName)
        #expect(await changes.next()?.keys == ["launches", "readingMode", "userName"])
        try store.removeAll()
        #expect(await changes.next()?.keys == ["before", "launches", "readingMode"])
        try store.set("caf\u{E9}", forKey: "cafe\u{301}")
        let normalized = try #require(await changes.next())
        #expect(normalized.contains("cafe\u{301}") && normalized.keys == ["caf\u{E9}"])
    }

    @Test func aSecondStoreOnTheFileInThisProcessDeliversItsWritesAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let reader = try open(url)
        let writer = try open(url)
        var values = reader.changes(forKey: .userName, bufferingPolicy: .unbounded).makeAsyncIterator()
        var changes = reader.changes().makeAsyncIterator()
        #expect(await values.next() == .some(nil))

        // The reader neither reads, writes nor synchronizes: its neighbor's writes reach it.
        try writer.set("Ada", forKey: .userName)
        #expect(await values.next() == "Ada")
        #expect(await changes.next()?.keys == ["userName"])
        try writer.set(2, forKey: .launches)
        #expect(await changes.next()?.keys == ["launches"])

        // The writer's compaction replaces the log: nothing changed, nothing arrives; the next
        // write does.
        try writer.compact()
        try writer.set("Grace", forKey: .userName)
        #expect(await values.next() == "Grace")
        #expect(await changes.next()?.keys == ["userName"])
        try writer.removeAll()
        #expect(await values.next() == .some(nil))
        var removed: Set<String> = []
        while removed != ["launches", "userName"], let change = await changes.next() { removed.formUnion(change.keys) }
        #expect(removed == ["launches", "userName"])

        // Each write arrives once: the reader's own reads and writes find nothing more to report.
        #expect(reader[.launches] == 0)
        try reader.synchronize()
        try writer.set("Lin", forKey: .userName)
        #expect(await values.next() == "Lin")
        #expect(await changes.next()?.keys == ["userName"])
        try reader.set(7, forKey: .launches)
        #expect(await changes.next()?.keys == ["launches"])
    }

    @Test func aStoreOpenedAfterAListeningNeighborStillReachesIt() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let reader = try open(url)
        var values = reader.changes(forKey: .launches, bufferingPolicy: .unbounded).makeAsyncIterator()
        #expect(await values.next() == 0)
        for launches in 1 ... 3 {
            // A store opened, written through and freed each time.
            try open(url).set(launches, forKey: .launches)
            #expect(await values.next() == launches)
        }
    }

    @Test func aReloadedLogReportsValuesByTheirBitsSoNegativeZeroChangesAndNaNDoesNot() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let reader = try open(url)
        let writer = try open(url)
        try writer.set(0.0 as Double, forKey: "zero")
        try writer.set(Double.nan, forKey: "nan")
        try writer.set([Double.nan], forKey: "nans")
        try reader.synchronize()
        var changes = reader.changes().makeAsyncIterator()

        // Replaced behind the reader's back: the reload compares what it had with what it reads.
        try writer.set(-0.0 as Double, forKey: "zero")
        try writer.compact()
        try reader.synchronize()
        #expect(await changes.next()?.keys == ["zero"])
        #expect(reader.value(forKey: "zero")?.doubleValue?.sign == .minus)
    }

    @Test func anotherProcessesWritesArriveWhenTheStoreSynchronizes() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let child = try #require(CrashChild.url, "archivist-crash-child was not built")
        let store = try open(url)
        let counter = BasicValueStore.Key<Int>("counter", default: 0)
        var values = store.changes(forKey: counter).makeAsyncIterator()
        var changes = store.changes().makeAsyncIterator()
        #expect(await values.next() == 0)
        let process = Process()
        process.executableURL = child
        process.arguments = ["basic-increment", url.path, "25"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        try store.synchronize()
        #expect(await values.next() == 25)
        #expect(await changes.next()?.keys == ["counter"])
    }

    @Test func streamsUnregisterWhenCancelledOrDropped() async throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory.file("values.log"))
        #expect(store.changeListenerCount == 0)
        let keyTask = Task { for await _ in store.changes(forKey: .launches) {} }
        let storeTask = Task { for await _ in store.changes() {} }
        try await eventually { store.changeListenerCount == 2 }
        #expect(store.changeListenerCount == 2)
        keyTask.cancel()
        storeTask.cancel()
        await keyTask.value
        await storeTask.value
        #expect(store.changeListenerCount == 0)
        do {
            _ = store.changes(forKey: .launches)
            _ = store.changes()
        }
        #expect(store.changeListenerCount == 0)
        try store.set(1, forKey: .launches)
    }

    @Test func streamsEndWhenTheStoreIsDeallocatedAndDoNotKeepItAlive() async throws {
        let directory = try TemporaryDirectory()
        var store: BasicValueStore? = try open(directory.file("values.log"))
        weak let weakStore = store
        var values = try #require(store).changes(forKey: .launches).makeAsyncIterator()
        var changes = try #require(store).changes().makeAsyncIterator()
        #expect(await values.next() == 0)
        store = nil
        #expect(weakStore == nil)
        #expect(await values.next() == nil)
        #expect(await changes.next() == nil)
    }
}

extension BasicValueStoreChangeTests {
    @Test func watchingReportsAnotherStoresWritesWithoutARead() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let reader = try open(url)
        let writer = try open(url)
        var values = reader.changes(forKey: .launches).makeAsyncIterator()
        #expect(await values.next() == 0)
        let watcher = Task { await reader.watchForChanges(every: .milliseconds(5)) }
        try writer.set(8, forKey: .launches)
        #expect(await values.next() == 8)
        watcher.cancel()
        await watcher.value
    }
}

extension BasicValueStoreChangeTests {
    @Test func streamsStayInOrderAndCompleteWhileThreadsWrite() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let store = try open(url, compaction: BasicCompactionPolicy(minimumFileSize: 4 << 10, garbageRatio: 0.5))
        let other = try open(url)
        let threads = 4
        let writes = 200
        let shared = BasicValueStore.Key<Int>("shared", default: -1)
        var values = store.changes(forKey: shared, bufferingPolicy: .unbounded).makeAsyncIterator()
        var changes = store.changes().makeAsyncIterator()
        #expect(await values.next() == -1)
        let failures = BasicFailureCounter()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let writer = thread.isMultiple(of: 2) ? store : other
            do {
                for iteration in 0 ..< writes {
                    try writer.set(thread * writes + iteration, forKey: shared)
                    try writer.set(iteration, forKey: "own\(thread)")
                }
            } catch {
                failures.add()
            }
        }
        #expect(failures.count == 0)
        try store.synchronize()
        // The stream's last value is the store's, and each thread's values arrive in its order.
        let final = store[shared]
        var lastSeen = [Int](repeating: -1, count: threads)
        var received = 0
        var latest = -1
        while latest != final || received < writes * threads / 2 {
            guard let value = await values.next() else { break }
            latest = value
            received += 1
            let thread = value / writes
            if value % writes <= lastSeen[thread] { failures.add() }
            lastSeen[thread] = value % writes
        }
        #expect(failures.count == 0)
        #expect(latest == final)
        var keys: Set<String> = []
        while keys.count < threads + 1, let change = await changes.next() { keys.formUnion(change.keys) }
        #expect(keys == Set(["shared"] + (0 ..< threads).map { "own\($0)" }))
    }
}
