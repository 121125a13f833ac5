import ArchivistCache
import Foundation
import Testing
import TestSupport

/// A format's files survive the process and are evicted in the right order afterwards.
@Suite struct CacheRestartTests {
    private let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture()
    }

    private func register(_ cache: Cache<Data>) {
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000, memoryLimit: CacheMemoryLimit(count: 10)))
    }

    @Test func valuesSurviveARestartAndAreEvictedLeastRecentlyUsedFirst() async throws {
        do {
            let cache = fixture.dataCache()
            register(cache)
            for number in 0..<4 { try await cache.set(payload("k\(number)", size: 250), forKey: "k\(number)", format: "f") }
            // Memory hits count as uses of the disk entries too.
            _ = try cache.cachedValue(forKey: "k0", format: "f")
            cache.synchronize()
        }
        let restarted = fixture.dataCache()
        register(restarted)
        #expect(restarted.diskSize(format: "f") == 1_000)
        for number in 0..<4 {
            #expect(try restarted.cachedValue(forKey: "k\(number)", format: "f") == payload("k\(number)", size: 250))
        }
        // Reads in this session: k0, k1, k2, k3 — so k0 is now the least recently used.
        try await restarted.set(payload("k4", size: 250), forKey: "k4", format: "f")
        #expect(!FileManager.default.fileExists(atPath: fixture.entryURL(format: "f", key: "k0").path))
        #expect(restarted.diskSize(format: "f") == 1_000 && fixture.measuredDiskSize(format: "f") == 1_000)
    }

    @Test func theOrderOfThePreviousSessionDecidesEvictionWithoutNewReads() async throws {
        do {
            let cache = fixture.dataCache()
            register(cache)
            for number in 0..<4 { try await cache.set(payload("k\(number)", size: 250), forKey: "k\(number)", format: "f") }
            _ = try cache.cachedValue(forKey: "k0", format: "f")
            cache.synchronize()
        }
        let restarted = fixture.dataCache()
        register(restarted)
        try await restarted.set(payload("k4", size: 250), forKey: "k4", format: "f")
        // k0 was read after k1 was stored: k1 goes first.
        #expect(!FileManager.default.fileExists(atPath: fixture.entryURL(format: "f", key: "k1").path))
        #expect(FileManager.default.fileExists(atPath: fixture.entryURL(format: "f", key: "k0").path))
    }

    @Test func aDeletedJournalIsRebuiltFromTheEntryFiles() async throws {
        do {
            let cache = fixture.dataCache()
            register(cache)
            for number in 0..<3 { try await cache.set(payload("k\(number)", size: 100), forKey: "k\(number)", format: "f") }
        }
        let journal = fixture.cacheDirectory().appendingPathComponent("f").appendingPathComponent("journal")
        try FileManager.default.removeItem(at: journal)
        let restarted = fixture.dataCache()
        register(restarted)
        #expect(restarted.diskSize(format: "f") == 300)
        #expect(try restarted.cachedValue(forKey: "k2", format: "f") == payload("k2", size: 100))
    }
}
