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
        let small = CacheMemoryScalingCase(entries: 1_000)
        let large = CacheMemoryScalingCase(entries: 1_000_000)
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

    /// Eviction of 100 entries (by storing one value as large as 100 of them) in a full format of
    /// 10,000 and of 100,000 entries: the index's work (LRU walk, bookkeeping, journal records),
    /// which O(evicted) is about; the file removals ext4 performs for it; and the whole `set`.
    static func eviction() throws -> BenchmarkExtra {
        let small = try CacheEvictionCase(entries: 10_000)
        let large = try CacheEvictionCase(entries: 100_000)
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

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}
