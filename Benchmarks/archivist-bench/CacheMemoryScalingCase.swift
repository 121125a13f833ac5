import ArchivistCache
import Dispatch
import Foundation
import Persistence

/// A memory-only cache of `entries` values and the key sequences its passes read.
struct CacheMemoryScalingCase {
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
            cache.set(withUnsafeBytes(of: index) { Data($0) }, forKey: key, format: "m", completion: nil)
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
        for key in order { blackHole(try? cache.cachedValue(forKey: key, format: "m")) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(order.count)
    }
}
