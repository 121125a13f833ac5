import ArchivistCache
import Foundation
import Testing
import TestSupport

/// Fixed and sliding time-to-live through the public API, in memory, on disk and across restarts.
@Suite struct CacheExpiryTests {
    private let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture()
    }

    @Test(arguments: [0, 1_000])
    func fixedExpiryEndsAValueAfterItsTimeHoweverOftenItIsRead(memoryCount: Int) async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000, memoryLimit: CacheMemoryLimit(count: memoryCount),
                                   expiry: .fixed(100)))
        try await cache.set(Data("v".utf8), forKey: "k", format: "f")
        for _ in 0..<3 {
            fixture.clock.advance(by: 30)
            #expect(try cache.cachedValue(forKey: "k", format: "f") == Data("v".utf8))
        }
        fixture.clock.advance(by: 11)
        let error = #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "k", format: "f") }
        #expect(error?.kind == .notFound)
        #expect(fixture.entryFiles(format: "f").isEmpty)
    }

    @Test(arguments: [0, 1_000])
    func slidingExpiryIsExtendedByReads(memoryCount: Int) async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000, memoryLimit: CacheMemoryLimit(count: memoryCount),
                                   expiry: .sliding(100)))
        try await cache.set(Data("v".utf8), forKey: "k", format: "f")
        for _ in 0..<5 {
            fixture.clock.advance(by: 60)
            #expect(try cache.cachedValue(forKey: "k", format: "f") == Data("v".utf8))
        }
        fixture.clock.advance(by: 101)
        #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "k", format: "f") }
    }

    @Test func storingAgainRestartsAFixedExpiry() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000, expiry: .fixed(100)))
        try await cache.set(Data("1".utf8), forKey: "k", format: "f")
        fixture.clock.advance(by: 90)
        try await cache.set(Data("2".utf8), forKey: "k", format: "f")
        fixture.clock.advance(by: 90)
        #expect(try cache.cachedValue(forKey: "k", format: "f") == Data("2".utf8))
    }

    @Test func expiryCountsFromTheStoreTimeAcrossARestart() async throws {
        do {
            let cache = fixture.dataCache()
            cache.register(CacheFormat(name: "f", diskCapacity: 1_000, expiry: .fixed(100)))
            try await cache.set(Data("a".utf8), forKey: "a", format: "f")
            fixture.clock.advance(by: 50)
            try await cache.set(Data("b".utf8), forKey: "b", format: "f")
        }
        fixture.clock.advance(by: 60)
        let restarted = fixture.dataCache()
        restarted.register(CacheFormat(name: "f", diskCapacity: 1_000, expiry: .fixed(100)))
        #expect(throws: CacheError.self) { try restarted.cachedValue(forKey: "a", format: "f") }
        #expect(try restarted.cachedValue(forKey: "b", format: "f") == Data("b".utf8))
    }
}
