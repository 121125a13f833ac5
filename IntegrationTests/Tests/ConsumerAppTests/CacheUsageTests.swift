import Archivist
import Foundation
import Testing

/// A value an app caches: a plain struct, `nonisolated` so the cache's background work may hold it.
nonisolated struct CachedProfile: AutoCodable, Sendable, Equatable {
    var name = ""
    var visits = 0
    init() {}
}

/// The cache as an app uses it: `forKey:` labels, option structs, kinds matched with a `default`.
@Suite struct CacheUsageTests {
    private func cache(in directory: TemporaryDirectory) throws -> Cache<CachedProfile> {
        let cache = try Cache<CachedProfile>(name: "profiles", coding: .autoArchived, location: .directory(directory.url))
        cache.register(CacheFormat(name: "full", diskCapacity: 1_000_000, preloadPolicy: .none, expiry: .sliding(3_600)))
        return cache
    }

    @Test func aValueIsReadBackFromMemoryAndByAFreshCacheFromDisk() async throws {
        let directory = try TemporaryDirectory()
        var profile = CachedProfile()
        profile.name = "Ada"
        profile.visits = 3
        let cache = try cache(in: directory)
        try await cache.set(profile, forKey: "42", format: "full")
        #expect(try await cache.value(forKey: "42", format: "full") == profile)
        cache.synchronize()
        let fresh = try self.cache(in: directory)
        #expect(try await fresh.value(forKey: "42", format: "full") == profile)
        #expect(try fresh.cachedValue(forKey: "42", format: "full") == profile)
    }

    @Test func aMissIsANotFoundErrorNamingTheKeyAndFormat() async throws {
        let directory = try TemporaryDirectory()
        let cache = try cache(in: directory)
        do {
            _ = try await cache.value(forKey: "absent", format: "full")
            Issue.record("a missing key returned a value")
        } catch {
            switch error.kind {
            case .notFound: break
            default: Issue.record("unexpected kind \(error.kind)")
            }
            #expect(error.key == "absent")
            #expect(error.format == "full")
            #expect("\(error)".contains("no cached value for key \"absent\" in format \"full\""))
        }
    }

    @Test func removingAKeyMakesItAMissInAFreshCacheToo() async throws {
        let directory = try TemporaryDirectory()
        let cache = try cache(in: directory)
        try await cache.set(CachedProfile(), forKey: "gone", format: "full")
        await cache.removeValue(forKey: "gone", format: "full")
        let fresh = try self.cache(in: directory)
        await #expect(throws: CacheError.self) { try await fresh.value(forKey: "gone", format: "full") }
    }
}
