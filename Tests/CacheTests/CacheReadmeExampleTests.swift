import Archivist
import Foundation
import Testing
import TestSupport

/// The README's cache example, kept compiling and true.
@Suite struct CacheReadmeExampleTests {
    struct Profile: AutoCodable, Sendable, Equatable {
        var id = ""
        var name = ""
    }

    @Test func theReadmeExampleRuns() async throws {
        let directory = try TemporaryDirectory()
        let cache = try Cache<Profile>(name: "profiles", location: .directory(directory.url))
        cache.register(CacheFormat(name: "full", diskCapacity: 50_000_000,
                                   memoryLimit: CacheMemoryLimit(count: 500),
                                   preloadPolicy: .lastSession, expiry: .sliding(7 * 86_400)))
        try await cache.set(Profile(id: "42", name: "Ada"), forKey: "42", format: "full")
        let profile = try await cache.value(forKey: "42", format: "full")
        let fetched = try await cache.value(from: ClosureFetcher(key: "7") { Profile(id: "7", name: "Grace") },
                                            format: "full")
        #expect(profile.name == "Ada" && fetched.name == "Grace")
        let error = await #expect(throws: CacheError.self) { try await cache.value(forKey: "8", format: "full") }
        #expect(error?.kind == .notFound)
    }
}
