import ArchivistCache
import AutoCoding
import Foundation
import Persistence
import Testing
import TestSupport

/// Damaged entries are misses (and removed), never crashes; capacity holds; write failures are typed.
@Suite struct CacheRobustnessTests {
    private let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture()
    }

    @Test(arguments: ["truncate", "garbage", "empty", "longer"])
    func aDamagedEntryIsUnreadableThenRemoved(_ damage: String) async throws {
        let cache = fixture.profileCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 100_000, memoryLimit: CacheMemoryLimit(count: 0)))
        try await cache.set(CacheTestProfile(id: "1", name: "Ann", tags: ["x"]), forKey: "k", format: "f")
        let url = fixture.entryURL(cache: "profiles", format: "f", key: "k")
        let original = try Data(contentsOf: url)
        switch damage {
        case "truncate": try original.prefix(original.count / 2).write(to: url)
        case "garbage": try Data(repeating: 0xFF, count: original.count).write(to: url)
        case "empty": try Data().write(to: url)
        default: try (original + Data([0])).write(to: url)
        }
        let error = #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "k", format: "f") }
        #expect(error?.kind == .diskEntryUnreadable && error?.key == "k")
        #expect(error?.url?.lastPathComponent == url.lastPathComponent)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(cache.diskSize(format: "f") == 0)
        let again = #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "k", format: "f") }
        #expect(again?.kind == .notFound)
    }

    @Test func randomCorruptionOfEveryEntryNeverCrashes() async throws {
        var random = SeededRandom(seed: 0xBAD)
        let cache = fixture.profileCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000_000, memoryLimit: CacheMemoryLimit(count: 0)))
        for number in 0..<60 {
            let profile = CacheTestProfile(id: "\(number)", name: String(repeating: "n", count: number), score: number,
                                           tags: (0..<(number % 5)).map { "t\($0)" })
            try await cache.set(profile, forKey: "k\(number)", format: "f")
        }
        var unreadable = 0
        for number in 0..<60 {
            let url = fixture.entryURL(cache: "profiles", format: "f", key: "k\(number)")
            var bytes = [UInt8](try Data(contentsOf: url))
            for _ in 0..<(1 + random.below(4)) where !bytes.isEmpty {
                bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            }
            try Data(bytes).write(to: url)
            do throws(CacheError) {
                // A flipped byte inside a string may still decode: any value is fine, a crash is not.
                _ = try cache.cachedValue(forKey: "k\(number)", format: "f")
            } catch {
                #expect(error.kind == .diskEntryUnreadable)
                unreadable += 1
            }
        }
        #expect(unreadable > 0)
    }

    @Test func theDiskCapacityHoldsAfterEverySet() async throws {
        var random = SeededRandom(seed: 7)
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 5_000, memoryLimit: CacheMemoryLimit(count: 4)))
        for step in 0..<300 {
            let key = "k\(random.below(40))"
            let size = random.below(1_200) + (step % 50 == 0 ? 5_000 : 0)
            try await cache.set(payload(key, size: size, version: step), forKey: key, format: "f")
            let size1 = cache.diskSize(format: "f") ?? -1
            #expect(size1 <= 5_000)
            #expect(size1 == fixture.measuredDiskSize(format: "f"))
        }
    }

    @Test func aFailedDiskWriteIsTypedAndKeepsThePreviousEntry() async throws {
        let faulty = FaultInjectingFileSystem()
        let cache = fixture.dataCache(fileSystem: faulty)
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000, memoryLimit: CacheMemoryLimit(count: 0)))
        try await cache.set(Data("old".utf8), forKey: "k", format: "f")
        faulty.inject(FileSystemFault(.write, code: ENOSPC, pathContains: "entries", times: 1))
        let error = await #expect(throws: CacheError.self) { try await cache.set(Data("new".utf8), forKey: "k", format: "f") }
        #expect(error?.kind == .diskWriteFailed && error?.key == "k")
        #expect((error?.underlying as? PersistenceError)?.kind == .noSpace)
        #expect(try cache.cachedValue(forKey: "k", format: "f") == Data("old".utf8))
    }

    @Test func aFailingJournalCostsNoValueAndIsRebuiltAtTheNextOpen() async throws {
        let faulty = FaultInjectingFileSystem()
        do {
            let cache = fixture.dataCache(fileSystem: faulty)
            cache.register(CacheFormat(name: "f", diskCapacity: 1_000, memoryLimit: CacheMemoryLimit(count: 0)))
            faulty.inject(FileSystemFault(.write, code: EIO, pathContains: "journal", bytesWrittenFirst: 5))
            faulty.inject(FileSystemFault(.open, code: EIO, pathContains: "journal"))
            for number in 0..<5 { try await cache.set(payload("k\(number)", size: 100), forKey: "k\(number)", format: "f") }
            #expect(try cache.cachedValue(forKey: "k3", format: "f") == payload("k3", size: 100))
            cache.synchronize()
        }
        let restarted = fixture.dataCache()
        restarted.register(CacheFormat(name: "f", diskCapacity: 1_000))
        #expect(restarted.diskSize(format: "f") == 500)
        #expect(try restarted.cachedValue(forKey: "k0", format: "f") == payload("k0", size: 100))
    }

    @Test func anUnencodableValueIsEncodingFailedAndStoresNothing() async throws {
        let cache = Cache<Int>(name: "ints", coding: CacheValueCoding(encode: { _ in throw CocoaError(.coderInvalidValue) },
                                                                    decode: { _ in 0 }),
                               directory: fixture.cacheDirectory("ints"), fileSystem: SystemFileSystem(),
                               clock: fixture.clock.cacheClock)
        cache.register(CacheFormat(name: "f", diskCapacity: 1_000))
        let error = await #expect(throws: CacheError.self) { try await cache.set(1, forKey: "k", format: "f") }
        #expect(error?.kind == .encodingFailed)
        #expect(throws: CacheError.self) { try cache.cachedValue(forKey: "k", format: "f") }
    }
}
