import ArchivistCache
import Dispatch
import Foundation
import Persistence

/// Untimed-table measurements of how the cache scales: memory hits at 1,000 vs 1,000,000 entries,
/// and eviction at 10,000 vs 100,000 disk entries.
enum CacheScalingProbe {
    /// Nanoseconds per memory hit with 1,000 and with 1,000,000 values held: keys drawn from the
    /// 1,000 most recently stored (a working set; the algorithm's cost) and uniformly from all
    /// entries (which adds the CPU caches' and TLB's misses at the larger size). Passes alternate between the sizes so drifting load
    /// from other processes hits both alike; each figure is the median of 9 passes of 200,000 hits.
    static func memoryScaling() -> BenchmarkExtra {
        let small = MemoryScalingCase(entries: 1_000)
        let large = MemoryScalingCase(entries: 1_000_000)
        var smallHot: [Double] = [], largeHot: [Double] = [], largeUniform: [Double] = []
        _ = small.pass(small.hot)
        _ = large.pass(large.uniform)
        for _ in 0..<9 {
            smallHot.append(small.pass(small.hot))
            largeHot.append(large.pass(large.hot))
            largeUniform.append(large.pass(large.uniform))
        }
        let (ns1k, ns1MHot, ns1MUniform) = (median(smallHot), median(largeHot), median(largeUniform))
        let hotRatio = ns1MHot / ns1k
        let uniformRatio = ns1MUniform / ns1k
        return BenchmarkExtra(
            id: "cache.memory.get.scaling",
            summary: String(format: "memory hit: %.0f ns at 1k entries, %.0f ns at 1M on its 1k most recent keys (%.2fx), "
                                + "%.0f ns at 1M on keys spread over all entries (%.2fx: CPU-cache and TLB misses)",
                            ns1k, ns1MHot, hotRatio, ns1MUniform, uniformRatio),
            values: ["ns1k": ns1k, "ns1MHot": ns1MHot, "ns1MUniform": ns1MUniform,
                     "hotRatio": hotRatio, "uniformRatio": uniformRatio],
            note: "Cache<Data> of 8-byte values, cachedValue(for:format:)")
    }

    /// A memory-only cache of `entries` values and the key sequences its passes read.
    private struct MemoryScalingCase {
        let cache: Cache<Data>
        let hot: [String]
        let uniform: [String]

        init(entries: Int) {
            cache = Cache<Data>(name: "scaling", coding: .data,
                                directory: FileManager.default.temporaryDirectory.appendingPathComponent("unused"),
                                fileSystem: SystemFileSystem(), clock: .system)
            cache.register(CacheFormat(name: "m", memoryLimit: CacheMemoryLimit(count: entries)))
            let keys = (0..<entries).map { "key-\($0)" }
            for (index, key) in keys.enumerated() {
                cache.set(withUnsafeBytes(of: index) { Data($0) }, for: key, format: "m", completion: nil)
            }
            var random = SplitMix64(seed: 99)
            // The working set an LRU cache is for: the 1,000 most recently stored values.
            let recent = Array(keys.suffix(1_000))
            hot = (0..<200_000).map { _ in recent[random.below(recent.count)] }
            uniform = (0..<200_000).map { _ in keys[random.below(entries)] }
        }

        /// Nanoseconds per hit over `order`.
        func pass(_ order: [String]) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            for key in order { blackHole(try? cache.cachedValue(for: key, format: "m")) }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(order.count)
        }
    }

    /// Eviction of 100 entries (by storing one value as large as 100 of them) in a full format of
    /// 10,000 and of 100,000 entries: the index's work (LRU walk, bookkeeping, journal records),
    /// which O(evicted) is about; the file removals ext4 performs for it; and the whole `set`.
    static func eviction() throws -> BenchmarkExtra {
        let small = try EvictionCase(entries: 10_000)
        let large = try EvictionCase(entries: 100_000)
        // Rounds alternate between the sizes so drifting load hits both alike.
        for round in 0..<15 {
            try small.round(round)
            try large.round(round)
        }
        let ratio = median(large.index) / median(small.index)
        return BenchmarkExtra(
            id: "cache.evict",
            summary: String(format: "evicting 100 entries: index work %.1f µs at 10k entries, %.1f µs at 100k (%.2fx); "
                                + "file removals %.2f / %.2f ms; whole set %.2f / %.2f ms; "
                                + "listing and stat-ing the 100k files instead would take %.0f ms",
                            median(small.index), median(large.index), ratio, median(small.unlink),
                            median(large.unlink), median(small.whole), median(large.whole), large.scanMilliseconds),
            values: ["index10kMicroseconds": median(small.index), "index100kMicroseconds": median(large.index),
                     "ratio": ratio, "unlink10kMs": median(small.unlink), "unlink100kMs": median(large.unlink),
                     "set10kMs": median(small.whole), "set100kMs": median(large.whole),
                     "scan100kMs": large.scanMilliseconds, "open100kMs": large.openMilliseconds],
            note: "format of 100-byte entries at capacity, a 10,000-byte set, median of 15 rounds; file times are "
                + "the kernel's (ext4 here), outside the cache's control")
    }

    /// A disk format filled to capacity with 100-byte entries, reopened from its journal.
    private final class EvictionCase {
        static let entrySize = 100
        static let evicted = 100
        let scratch: BenchmarkDirectory
        let cache: Cache<Data>
        let entries: Int
        let openMilliseconds: Double
        let scanMilliseconds: Double
        var next: Int
        var index: [Double] = []
        var unlink: [Double] = []
        var whole: [Double] = []

        init(entries: Int) throws {
            self.entries = entries
            next = entries
            scratch = try BenchmarkDirectory()
            let format = CacheFormat<Data>(name: "e", diskCapacity: entries * Self.entrySize,
                                           memoryLimit: CacheMemoryLimit(count: 0))
            do {
                let filling = try Cache<Data>(name: "evict", location: .directory(scratch.url))
                filling.register(format)
                for number in 0..<entries {
                    filling.set(Data(repeating: UInt8(truncatingIfNeeded: number), count: Self.entrySize),
                                for: "entry-\(number)", format: "e", completion: nil)
                }
                filling.synchronize()
            }
            // A new instance replays the journal: eviction order comes from the index, not a scan.
            let openStart = DispatchTime.now().uptimeNanoseconds
            cache = try Cache<Data>(name: "evict", location: .directory(scratch.url))
            cache.register(format)
            cache.waitForPreloading(format: "e")
            openMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - openStart) / 1e6
            // What eviction by file times would start with: every file's status.
            let directory = cache.directory.appendingPathComponent("e").appendingPathComponent("entries")
            let scanStart = DispatchTime.now().uptimeNanoseconds
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                blackHole(try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path))
            }
            scanMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - scanStart) / 1e6
        }

        /// One timed set that evicts 100 entries, then an untimed refill to capacity.
        func round(_ number: Int) throws {
            let big = Data(repeating: 0xEE, count: Self.evicted * Self.entrySize)
            let before = cache.diskEvictionStatistics(format: "e") ?? DiskEvictionStatistics()
            let done = DispatchSemaphore(value: 0)
            let start = DispatchTime.now().uptimeNanoseconds
            cache.set(big, for: "big-\(number)", format: "e") { _ in done.signal() }
            done.wait()
            whole.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            let after = cache.diskEvictionStatistics(format: "e") ?? DiskEvictionStatistics()
            guard after.entries - before.entries == Self.evicted else { throw CacheBenchmarkError.missing("eviction count") }
            index.append(Double(after.indexNanoseconds &- before.indexNanoseconds) / 1e3)
            unlink.append(Double(after.evictionUnlinkNanoseconds &- before.evictionUnlinkNanoseconds) / 1e6)
            cache.set(nil, for: "big-\(number)", format: "e", completion: nil)
            for _ in 0..<Self.evicted {
                cache.set(Data(repeating: 1, count: Self.entrySize), for: "entry-\(next)", format: "e", completion: nil)
                next += 1
            }
            cache.synchronize()
            guard cache.diskSize(format: "e") == entries * Self.entrySize else { throw CacheBenchmarkError.missing("refill") }
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}
