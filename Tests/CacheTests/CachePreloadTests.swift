import Persistence
import ArchivistCache
import Foundation
import Testing
import TestSupport

/// Preloading at registration: none, last session, all; within the memory limit.
@Suite struct CachePreloadTests {
    private let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture()
    }

    /// Stores k0…k5 in one session, reads k1 and k4 in the next, and registers again per `policy`.
    private func thirdSession(_ policy: CachePreloadPolicy, memoryCount: Int = 100) async throws -> Cache<Data> {
        do {
            let first = fixture.dataCache()
            first.register(CacheFormat(name: "f", diskCapacity: 10_000))
            for number in 0..<6 { try await first.set(Data("v\(number)".utf8), forKey: "k\(number)", format: "f") }
        }
        do {
            let second = fixture.dataCache()
            second.register(CacheFormat(name: "f", diskCapacity: 10_000))
            _ = try second.cachedValue(forKey: "k1", format: "f")
            _ = try second.cachedValue(forKey: "k4", format: "f")
            second.synchronize()
        }
        let third = fixture.dataCache()
        third.register(CacheFormat(name: "f", diskCapacity: 10_000,
                                   memoryLimit: CacheMemoryLimit(count: memoryCount), preloadPolicy: policy))
        third.waitForPreloading(format: "f")
        return third
    }

    private func inMemory(_ cache: Cache<Data>) -> [String] {
        // Not `fetchValue`: its misses load from the disk and would evict what preloading put in.
        (0..<6).map { "k\($0)" }.filter { cache.memoryContains($0, format: "f") }
    }

    @Test func noPreloadingLeavesMemoryEmpty() async throws {
        #expect(inMemory(try await thirdSession(.none)).isEmpty)
    }

    @Test func lastSessionPreloadsOnlyWhatThePreviousSessionUsed() async throws {
        #expect(inMemory(try await thirdSession(.lastSession)) == ["k1", "k4"])
    }

    @Test func allPreloadsEverythingThatFits() async throws {
        #expect(inMemory(try await thirdSession(.all)) == (0..<6).map { "k\($0)" })
    }

    @Test func preloadingStopsAtTheMemoryLimitMostRecentFirst() async throws {
        let cache = try await thirdSession(.all, memoryCount: 2)
        #expect(inMemory(cache) == ["k1", "k4"])
    }

    @Test func preloadedValuesAreTheStoredOnes() async throws {
        let cache = try await thirdSession(.all)
        #expect(try cache.cachedValue(forKey: "k3", format: "f") == Data("v3".utf8))
    }

    @Test func preloadingWaitsWhileARequestIsReadingTheDisk() async throws {
        do {
            let first = fixture.dataCache()
            first.register(CacheFormat(name: "f", diskCapacity: 10_000))
            for number in 0..<6 { try await first.set(Data("v\(number)".utf8), forKey: "k\(number)", format: "f") }
        }
        // Hold the opening in its journal read until a request has started, then the request in
        // its file read. All blocking happens on Dispatch threads.
        let gated = GatedFileSystem(gatedSuffixes: ["/journal", "entries/k0"])
        let cache = fixture.dataCache(fileSystem: gated)
        let (preloadedMeanwhile, requested) = try await offCooperativePool { () -> ([String], Data?) in
            cache.register(CacheFormat(name: "f", diskCapacity: 10_000, preloadPolicy: .all))
            gated.arrived.wait()  // the background opening reads the journal
            let result = StateLock<Data?>(nil)
            let requestDone = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                result.withLock { $0 = try? cache.cachedValue(forKey: "k0", format: "f") }
                requestDone.signal()
            }
            while !cache.diskIsServingRequests(format: "f") { usleep(1_000) }
            gated.open()  // the opening finishes; the request reaches its file read
            gated.arrived.wait()
            usleep(100_000)
            // Preloading has had time to load everything: it must have given way.
            let meanwhile = (1..<6).map { "k\($0)" }.filter { cache.memoryContains($0, format: "f") }
            gated.open()
            gated.open()  // spare: a stray read of k0 must not hang the test
            requestDone.wait()
            return (meanwhile, result.withLock { $0 })
        }
        #expect(preloadedMeanwhile.isEmpty)
        #expect(requested == Data("v0".utf8))
        cache.waitForPreloading(format: "f")
        #expect((0..<6).allSatisfy { cache.memoryContains("k\($0)", format: "f") })
    }
}
