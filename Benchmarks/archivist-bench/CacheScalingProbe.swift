import ArchivistCache
import Dispatch
import Foundation
import Persistence

/// Untimed-table measurements of how the cache scales: memory hits at 1,000 vs 1,000,000 entries,
/// and eviction at 10,000 vs 100,000 disk entries.
enum CacheScalingProbe {
    /// Nanoseconds per memory hit with `entries` values held, as the median of five passes of
    /// `lookups` hits on keys drawn uniformly from all entries (so the larger size also measures
    /// cache misses in the CPU's caches) and on a fixed hot set of 1,000 keys.
    static func memoryScaling() -> BenchmarkExtra {
        let small = memoryNanoseconds(entries: 1_000)
        let large = memoryNanoseconds(entries: 1_000_000)
        let hotRatio = large.hot / small.hot
        let uniformRatio = large.uniform / small.uniform
        return BenchmarkExtra(
            id: "cache.memory.get.scaling",
            summary: String(format: "memory hit: %.0f ns at 1k entries, %.0f ns at 1M on 1k hot keys (%.2fx), "
                                + "%.0f ns at 1M on keys spread over all entries (%.2fx, CPU-cache misses)",
                            small.hot, large.hot, hotRatio, large.uniform, uniformRatio),
            values: ["ns1k": small.hot, "ns1MHot": large.hot, "ns1MUniform": large.uniform,
                     "hotRatio": hotRatio, "uniformRatio": uniformRatio],
            note: "Cache<Data> of 8-byte values, cachedValue(for:format:), median of 5 passes of 200,000 hits")
    }

    private static func memoryNanoseconds(entries: Int) -> (hot: Double, uniform: Double) {
        let cache = Cache<Data>(name: "scaling", coding: .data,
                                directory: FileManager.default.temporaryDirectory.appendingPathComponent("unused"),
                                fileSystem: SystemFileSystem(), clock: .system)
        cache.register(CacheFormat(name: "m", memoryLimit: CacheMemoryLimit(count: entries)))
        let keys = (0..<entries).map { "key-\($0)" }
        for (index, key) in keys.enumerated() {
            cache.set(withUnsafeBytes(of: index) { Data($0) }, for: key, format: "m", completion: nil)
        }
        var random = SplitMix64(seed: 99)
        let lookups = 200_000
        let hot = (0..<lookups).map { _ in keys[random.below(min(entries, 1_000)) * (entries / min(entries, 1_000))] }
        let uniform = (0..<lookups).map { _ in keys[random.below(entries)] }
        func pass(_ order: [String]) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            for key in order { blackHole(try? cache.cachedValue(for: key, format: "m")) }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(order.count)
        }
        _ = pass(uniform)
        let hotTimes = (0..<5).map { _ in pass(hot) }.sorted()
        let uniformTimes = (0..<5).map { _ in pass(uniform) }.sorted()
        return (hotTimes[2], uniformTimes[2])
    }

    /// Eviction of 100 entries (by storing one value as large as 100 of them) in a full format of
    /// 10,000 and of 100,000 entries: the index's work (LRU walk, bookkeeping, journal records),
    /// which O(evicted) is about; the file removals ext4 performs for it; and the whole `set`.
    static func eviction() throws -> BenchmarkExtra {
        let small = try evictionCosts(entries: 10_000)
        let large = try evictionCosts(entries: 100_000)
        let ratio = large.indexMicroseconds / small.indexMicroseconds
        return BenchmarkExtra(
            id: "cache.evict",
            summary: String(format: "evicting 100 entries: index work %.1f µs at 10k entries, %.1f µs at 100k (%.2fx); "
                                + "file removals %.2f / %.2f ms; whole set %.2f / %.2f ms; "
                                + "listing and stat-ing the 100k files instead would take %.0f ms",
                            small.indexMicroseconds, large.indexMicroseconds, ratio, small.unlinkMilliseconds,
                            large.unlinkMilliseconds, small.setMilliseconds, large.setMilliseconds, large.scanMilliseconds),
            values: ["index10kMicroseconds": small.indexMicroseconds, "index100kMicroseconds": large.indexMicroseconds,
                     "ratio": ratio, "unlink10kMs": small.unlinkMilliseconds, "unlink100kMs": large.unlinkMilliseconds,
                     "set10kMs": small.setMilliseconds, "set100kMs": large.setMilliseconds,
                     "scan100kMs": large.scanMilliseconds, "open100kMs": large.openMilliseconds],
            note: "format of 100-byte entries at capacity, a 10,000-byte set, median of 15 rounds; file times are "
                + "the kernel's (ext4 here), outside the cache's control")
    }

    private struct EvictionCosts {
        var indexMicroseconds = 0.0
        var unlinkMilliseconds = 0.0
        var setMilliseconds = 0.0
        var openMilliseconds = 0.0
        var scanMilliseconds = 0.0
    }

    private static func evictionCosts(entries: Int) throws -> EvictionCosts {
        let scratch = try BenchmarkDirectory()
        let entrySize = 100
        let evicted = 100
        let format = CacheFormat<Data>(name: "e", diskCapacity: entries * entrySize,
                                       memoryLimit: CacheMemoryLimit(count: 0))
        do {
            let filling = try Cache<Data>(name: "evict", location: .directory(scratch.url))
            filling.register(format)
            for number in 0..<entries {
                filling.set(Data(repeating: UInt8(truncatingIfNeeded: number), count: entrySize), for: "entry-\(number)",
                            format: "e", completion: nil)
            }
            filling.synchronize()
        }
        var costs = EvictionCosts()
        // A new instance replays the journal: the eviction order comes from the index, not a scan.
        let openStart = DispatchTime.now().uptimeNanoseconds
        let cache = try Cache<Data>(name: "evict", location: .directory(scratch.url))
        cache.register(format)
        cache.waitForPreloading(format: "e")
        costs.openMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - openStart) / 1e6
        // What eviction by file times would start with: every file's status.
        let entriesDirectory = cache.directory.appendingPathComponent("e").appendingPathComponent("entries")
        let scanStart = DispatchTime.now().uptimeNanoseconds
        for name in try FileManager.default.contentsOfDirectory(atPath: entriesDirectory.path) {
            blackHole(try? FileManager.default.attributesOfItem(atPath: entriesDirectory.appendingPathComponent(name).path))
        }
        costs.scanMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - scanStart) / 1e6
        var index: [Double] = []
        var unlink: [Double] = []
        var whole: [Double] = []
        var next = entries
        for round in 0..<15 {
            let big = Data(repeating: 0xEE, count: evicted * entrySize)
            let before = cache.diskEvictionStatistics(format: "e") ?? DiskEvictionStatistics()
            let done = DispatchSemaphore(value: 0)
            let start = DispatchTime.now().uptimeNanoseconds
            cache.set(big, for: "big-\(round)", format: "e") { _ in done.signal() }
            done.wait()
            whole.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            let after = cache.diskEvictionStatistics(format: "e") ?? DiskEvictionStatistics()
            guard after.entries - before.entries == evicted else { throw CacheBenchmarkError.missing("eviction count") }
            index.append(Double(after.indexNanoseconds &- before.indexNanoseconds) / 1e3)
            unlink.append(Double(after.evictionUnlinkNanoseconds &- before.evictionUnlinkNanoseconds) / 1e6)
            // Back to a full format of small entries, untimed.
            cache.set(nil, for: "big-\(round)", format: "e", completion: nil)
            for _ in 0..<evicted {
                cache.set(Data(repeating: 1, count: entrySize), for: "entry-\(next)", format: "e", completion: nil)
                next += 1
            }
            cache.synchronize()
            guard cache.diskSize(format: "e") == entries * entrySize else { throw CacheBenchmarkError.missing("refill") }
        }
        costs.indexMicroseconds = median(index)
        costs.unlinkMilliseconds = median(unlink)
        costs.setMilliseconds = median(whole)
        return costs
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}
