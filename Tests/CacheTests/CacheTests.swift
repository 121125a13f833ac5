import ArchivistCache
import AutoCoding
import Foundation
import Persistence
import Testing
import TestSupport

/// The public `Cache` API: formats, get/set/remove, both levels, transforms, shared instances.
@Suite struct CacheTests {
    private let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture()
    }

    @Test func aStoredValueIsReturnedFromMemoryAndFromDisk() async throws {
        let cache = fixture.profileCache()
        cache.register(CacheFormat(name: "full", diskCapacity: 100_000, memoryLimit: CacheMemoryLimit(count: 1)))
        let alice = CacheTestProfile(id: "1", name: "Alice", score: 7, tags: ["a", "b"])
        let bob = CacheTestProfile(id: "2", name: "Bob")
        try await cache.set(alice, forKey: "alice", format: "full")
        try await cache.set(bob, forKey: "bob", format: "full")  // evicts alice from memory (count 1)
        #expect(try await cache.value(forKey: "alice", format: "full") == alice)
        #expect(try cache.cachedValue(forKey: "bob", format: "full") == bob)
        // The entry file is the plain archive: readable by hand.
        let data = try Data(contentsOf: fixture.entryURL(cache: "profiles", format: "full", key: "alice"))
        #expect(try AutoArchiver.unarchive(CacheTestProfile.self, from: data) == alice)
    }

    @Test func aMissingValueIsNotFoundWithItsKeyAndFormat() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000))
        let error = await #expect(throws: CacheError.self) { try await cache.value(forKey: "nope", format: "f") }
        #expect(error?.kind == .notFound && error?.key == "nope" && error?.format == "f")
        let unknown = await #expect(throws: CacheError.self) { try await cache.value(forKey: "k", format: "other") }
        #expect(unknown?.kind == .formatNotRegistered && unknown?.format == "other")
    }

    @Test func settingNilRemovesAndRemovalsClearBothLevels() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "a", diskCapacity: 1_000))
        cache.register(CacheFormat(name: "b", diskCapacity: 1_000))
        for key in ["x", "y"] {
            try await cache.set(Data(key.utf8), forKey: key, format: "a")
            try await cache.set(Data(key.utf8), forKey: key, format: "b")
        }
        try await cache.set(nil, forKey: "x", format: "a")
        #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "x", format: "a") }
        await cache.removeValue(forKey: "y", format: "a")
        #expect(fixture.entryFiles(format: "a").isEmpty && cache.diskSize(format: "a") == 0)
        await cache.removeAll(format: "b")
        #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "y", format: "b") }
        #expect(fixture.entryFiles(format: "b").isEmpty)
        try await cache.set(Data("z".utf8), forKey: "z", format: "a")
        await cache.removeAll()
        #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "z", format: "a") }
        #expect(cache.formatNames == ["a", "b"])
    }

    @Test func removeAllAlsoDeletesDirectoriesOfFormatsNotRegisteredNow() async throws {
        do {
            let earlier = fixture.dataCache()
            earlier.register(CacheFormat(name: "old", diskCapacity: 1_000))
            try await earlier.set(Data("v".utf8), forKey: "k", format: "old")
        }
        let cache = fixture.dataCache()
        await cache.removeAll()
        #expect((try FileManager.default.contentsOfDirectory(atPath: fixture.cacheDirectory().path)).isEmpty)
    }

    @Test func registeringAnExistingNameClearsTheOldFormat() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000))
        try await cache.set(Data("v".utf8), forKey: "k", format: "f")
        cache.register(CacheFormat(name: "f", diskCapacity: 2_000))
        #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "k", format: "f") }
        #expect(fixture.entryFiles(format: "f").isEmpty)
        #expect(cache.format(named: "f")?.diskCapacity == 2_000)
    }

    @Test func aMemoryOnlyFormatWritesNoFiles() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "m"))
        try await cache.set(Data("v".utf8), forKey: "k", format: "m")
        #expect(try cache.cachedValue(forKey: "k", format: "m") == Data("v".utf8))
        #expect(!FileManager.default.fileExists(atPath: fixture.cacheDirectory().path))
        #expect(cache.diskSize(format: "m") == 0)
    }

    @Test func theCompletionFormRunsSynchronouslyOnAMemoryHitOnly() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000, memoryLimit: CacheMemoryLimit(count: 1)))
        try await cache.set(Data("a".utf8), forKey: "a", format: "f")
        try await cache.set(Data("b".utf8), forKey: "b", format: "f")
        let ran = StateLock(false)
        #expect(cache.fetchValue(forKey: "b", format: "f") { _ in ran.withLock { $0 = true } })
        #expect(ran.withLock { $0 })
        let fromDisk: Data = try await withCheckedThrowingContinuation { continuation in
            let inMemory = cache.fetchValue(forKey: "a", format: "f",
                                            failure: { continuation.resume(throwing: $0) },
                                            success: { continuation.resume(returning: $0) })
            #expect(!inMemory)
        }
        #expect(fromDisk == Data("a".utf8))
    }

    @Test func transformsRunBeforeStoringAndAfterLoadingFromDisk() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000, memoryLimit: CacheMemoryLimit(count: 0),
                                   beforeStore: { Data($0.prefix(3)) }, afterLoad: { $0 + Data("!".utf8) }))
        try await cache.set(Data("abcdef".utf8), forKey: "k", format: "f")
        #expect(try Data(contentsOf: fixture.entryURL(format: "f", key: "k")) == Data("abc".utf8))
        #expect(try cache.cachedValue(forKey: "k", format: "f") == Data("abc!".utf8))
        let failing = CacheFormat<Data>(name: "g", beforeStore: { _ in throw CocoaError(.featureUnsupported) })
        cache.register(failing)
        let error = await #expect(throws: CacheError.self) { try await cache.set(Data(), forKey: "k", format: "g") }
        #expect(error?.kind == .encodingFailed)
    }

    @Test func aBackgroundSetIsReadableAtOnceEvenWithoutMemory() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 10_000, memoryLimit: CacheMemoryLimit(count: 0)))
        for version in 0..<20 {
            cache.set(payload("k", size: 100, version: version), forKey: "k", format: "f", completion: nil)
            #expect(try cache.cachedValue(forKey: "k", format: "f") == payload("k", size: 100, version: version))
        }
        cache.set(nil, forKey: "k", format: "f", completion: nil)
        #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "k", format: "f") }
        cache.waitForQueuedWrites(format: "f")
        #expect(fixture.entryFiles(format: "f").isEmpty)
    }

    @Test func aCompletionMayCallBackIntoTheCache() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000))
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            cache.set(Data("v".utf8), forKey: "k", format: "f") { _ in
                cache.synchronize()
                cache.register(CacheFormat(name: "f", diskCapacity: 2_000))
                continuation.resume()
            }
        }
        #expect(cache.format(named: "f")?.diskCapacity == 2_000)
    }

    @Test func costsCountAgainstTheMemoryLimit() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", memoryLimit: CacheMemoryLimit(totalCost: 10)))
        try await cache.set(Data(count: 6), forKey: "a", format: "f")
        try await cache.set(Data(count: 6), forKey: "b", format: "f")  // Data costs its byte count
        #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "a", format: "f") }
    }

    @Test func theSharedCacheIsOneInstancePerValueType() {
        #expect(Cache<Data>.shared === Cache<Data>.shared)
        #expect(Cache<CacheTestProfile>.shared === Cache<CacheTestProfile>.shared)
        #expect(Cache<Data>.shared.name == "shared-data")
    }

    @Test func theDefaultLocationIsTheCachesDirectoryScopedByApplication() throws {
        let cache = try Cache<Data>(name: "thumbs", location: .directory(fixture.directory.url), application: "app")
        #expect(cache.directory.lastPathComponent == "thumbs")
        let environment = ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]
        #if !canImport(Darwin)
        let path = try StoreLocation.caches.directoryPath(application: "app", store: "thumbs", environment: environment)
        #expect(path == "/xdg/app/thumbs")
        #endif
    }

    #if !canImport(Darwin)
    @Test func theCachesDirectoryNamesTheApplicationAsWrittenAndAdoptsItsEscapedDirectory() throws {
        let caches = fixture.directory.url.appendingPathComponent("caches")
        let environment = ["XDG_CACHE_HOME": caches.path, "HOME": "/nonexistent"]
        #expect(try StoreLocation.caches.directoryPath(application: "MyTool", store: "thumbs", environment: environment)
                == caches.appendingPathComponent("MyTool/thumbs").path)
        // An earlier version's `^my^tool/thumbs` (lower-case names escape to themselves), with an entry in it.
        let legacy = caches.appendingPathComponent("^my^tool/thumbs")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        try Data("entry".utf8).write(to: legacy.appendingPathComponent("kept"))
        let path = try StoreLocation.caches.resolvedDirectoryPath(application: "MyTool", store: "thumbs",
                                                                  environment: environment, fileSystem: SystemFileSystem())
        #expect(path == caches.appendingPathComponent("MyTool/thumbs").path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path).appendingPathComponent("kept")) == Data("entry".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: caches.path) == ["MyTool"])
    }
    #endif
}
