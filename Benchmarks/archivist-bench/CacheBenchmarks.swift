import ArchivistCache
import AutoCoding
import Foundation
import Persistence

/// The cache's two read paths against what they replace — Foundation's `NSCache` for memory hits,
/// reading and decoding the entry file by hand for disk hits — plus eviction's scaling.
enum CacheBenchmarks: BenchmarkSuite {
    static let ids = ["cache.memory.get", "cache.disk.get", "cache.disk.set", "cache.memory.get.scaling", "cache.evict"]

    /// How many sets one round of `cache.disk.set` issues before waiting for the disk.
    static let setBurst = 100

    /// How many keys the timed rows cycle through.
    static let keyCount = 1_000

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        var result: [Comparison] = []
        let people = AutoCodingCorpus.make().people
        if wanted("cache.memory.get") { result.append(try memoryGet(people)) }
        if wanted("cache.disk.get") { result.append(try diskGet(people)) }
        if wanted("cache.disk.set") { result.append(try diskSet(people)) }
        return result
    }

    static func extras(matching wanted: (String) -> Bool) throws -> [BenchmarkExtra] {
        var extras: [BenchmarkExtra] = []
        if wanted("cache.memory.get.scaling") { extras.append(CacheScalingProbe.memoryScaling()) }
        if wanted("cache.evict") { extras.append(try CacheScalingProbe.eviction()) }
        return extras
    }

    /// A memory hit through `cachedValue(for:format:)` against `NSCache.object(forKey:)`, on the
    /// same 1,000 people under the same keys, every key held by both.
    private static func memoryGet(_ people: [CorpusPerson]) throws -> Comparison {
        let scratch = try BenchmarkDirectory()
        let cache = try Cache<CorpusPerson>(name: "bench", location: .directory(scratch.url))
        cache.register(CacheFormat(name: "memory", memoryLimit: CacheMemoryLimit(count: keyCount)))
        let foundation = NSCache<NSString, PersonBox>()
        foundation.countLimit = keyCount
        let keys = (0..<keyCount).map { "person-\($0)" }
        let foundationKeys = keys.map { $0 as NSString }
        for (index, key) in keys.enumerated() {
            let person = people[index % people.count]
            cache.set(person, forKey: key, format: "memory", completion: nil)
            foundation.setObject(PersonBox(person), forKey: foundationKeys[index])
        }
        return Comparison(
            id: "cache.memory.get", baseline: "NSCache (\(keyCount) keys)", bytes: 0,
            ours: {
                _ = scratch
                for key in keys { blackHole(try cache.cachedValue(forKey: key, format: "memory")) }
            },
            baseline: {
                for key in foundationKeys {
                    guard let box = foundation.object(forKey: key) else { throw CacheBenchmarkError.missing(key as String) }
                    blackHole(box.person)
                }
            })
    }

    /// A disk hit (the format keeps nothing in memory) against reading the same entry file with
    /// `Data(contentsOf:)` and decoding it with `AutoArchiver`.
    private static func diskGet(_ people: [CorpusPerson]) throws -> Comparison {
        let scratch = try BenchmarkDirectory()
        let cache = try Cache<CorpusPerson>(name: "bench", location: .directory(scratch.url))
        cache.register(CacheFormat(name: "disk", diskCapacity: 1 << 30, memoryLimit: CacheMemoryLimit(count: 0)))
        let keys = (0..<keyCount).map { "person-\($0)" }
        for (index, key) in keys.enumerated() {
            cache.set(people[index % people.count], forKey: key, format: "disk", completion: nil)
        }
        cache.synchronize()
        let entries = cache.directory.appendingPathComponent("disk").appendingPathComponent("entries")
        let urls = keys.map { entries.appendingPathComponent(KeyFileName.stem(for: $0).text) }
        let bytes = try urls.reduce(0) { $0 + (try Data(contentsOf: $1)).count } / keys.count
        var ourNext = 0
        var theirNext = 0
        return Comparison(
            id: "cache.disk.get", baseline: "Data(contentsOf:) + AutoArchiver.unarchive", bytes: bytes,
            ours: {
                _ = scratch
                ourNext = (ourNext + 1) % keys.count
                blackHole(try cache.cachedValue(forKey: keys[ourNext], format: "disk"))
            },
            baseline: {
                theirNext = (theirNext + 1) % urls.count
                blackHole(try AutoArchiver.unarchive(CorpusPerson.self, from: Data(contentsOf: urls[theirNext])))
            })
    }

    /// A burst of background sets to a disk format, then waiting until they are on the disk,
    /// against archiving the same values and writing each to its file atomically on the caller's
    /// thread (what the cache's background lane does, without the journal and index).
    private static func diskSet(_ people: [CorpusPerson]) throws -> Comparison {
        let scratch = try BenchmarkDirectory()
        let cache = try Cache<CorpusPerson>(name: "bench", location: .directory(scratch.url))
        cache.register(CacheFormat(name: "disk", diskCapacity: 1 << 30, memoryLimit: CacheMemoryLimit(count: 0)))
        let keys = (0..<keyCount).map { "person-\($0)" }
        let plain = scratch.url.appendingPathComponent("plain", isDirectory: true)
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        let urls = keys.map { plain.appendingPathComponent($0) }
        let bytes = try AutoArchiver.archive(people[0], format: .binary).count
        var ourNext = 0
        var theirNext = 0
        return Comparison(
            id: "cache.disk.set", baseline: "AutoArchiver.archive + Data.write(.atomic), \(setBurst) per round",
            bytes: bytes,
            ours: {
                _ = scratch
                for _ in 0..<setBurst {
                    ourNext = (ourNext + 1) % keys.count
                    cache.set(people[ourNext % people.count], forKey: keys[ourNext], format: "disk", completion: nil)
                }
                cache.waitForQueuedWrites(format: "disk")
            },
            baseline: {
                for _ in 0..<setBurst {
                    theirNext = (theirNext + 1) % urls.count
                    try AutoArchiver.archive(people[theirNext % people.count], format: .binary).write(to: urls[theirNext], options: .atomic)
                }
            })
    }
}
