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

    /// Time to evict 100 entries (by storing one value as large as 100 of them) in a full format
    /// of 10,000 and of 100,000 entries; O(evicted) means the two match.
    static func eviction() throws -> BenchmarkExtra {
        let small = try evictionMilliseconds(entries: 10_000)
        let large = try evictionMilliseconds(entries: 100_000)
        let ratio = large.evict / small.evict
        return BenchmarkExtra(
            id: "cache.evict",
            summary: String(format: "evicting 100 entries: %.3f ms at 10k entries, %.3f ms at 100k (%.2fx); "
                                + "opening the 100k-entry index: %.0f ms",
                            small.evict, large.evict, ratio, large.open),
            values: ["ms10k": small.evict, "ms100k": large.evict, "ratio": ratio, "open100kMs": large.open],
            note: "set of a 10,000-byte value into a format of 100-byte entries at capacity, median of 15; "
                + "includes writing the new file")
    }

    private static func evictionMilliseconds(entries: Int) throws -> (evict: Double, open: Double) {
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
        // A new instance replays the journal: the eviction order comes from the index, not a scan.
        let openStart = DispatchTime.now().uptimeNanoseconds
        let cache = try Cache<Data>(name: "evict", location: .directory(scratch.url))
        cache.register(format)
        cache.waitForPreloading(format: "e")
        let open = Double(DispatchTime.now().uptimeNanoseconds - openStart) / 1e6
        var times: [Double] = []
        var next = entries
        for round in 0..<15 {
            let big = Data(repeating: 0xEE, count: evicted * entrySize)
            let done = DispatchSemaphore(value: 0)
            let start = DispatchTime.now().uptimeNanoseconds
            cache.set(big, for: "big-\(round)", format: "e") { _ in done.signal() }
            done.wait()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            // Back to a full format of small entries, untimed.
            cache.set(nil, for: "big-\(round)", format: "e", completion: nil)
            for _ in 0..<evicted {
                cache.set(Data(repeating: 1, count: entrySize), for: "entry-\(next)", format: "e", completion: nil)
                next += 1
            }
            cache.synchronize()
            guard cache.diskSize(format: "e") == entries * entrySize else { throw CacheBenchmarkError.missing("refill") }
        }
        return (times.sorted()[times.count / 2], open)
    }
}
