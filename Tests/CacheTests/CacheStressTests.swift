import Persistence
import ArchivistCache
import Foundation
import Testing
import TestSupport

/// Eight threads mixing every operation on shared keys; run under `--sanitize=thread` by
/// Scripts/tsan.sh. Deterministic per thread (seeded), bounded in size.
@Suite struct CacheStressTests {
    private let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture()
    }

    @Test func eightThreadsMixingOperationsKeepEveryInvariant() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "disk", diskCapacity: 6_000, memoryLimit: CacheMemoryLimit(count: 8)))
        cache.register(CacheFormat(name: "memory", memoryLimit: CacheMemoryLimit(count: 16, totalCost: 4_000)))
        let fetches = StateLock(0)
        try await offCooperativePool { DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var random = SeededRandom(seed: UInt64(thread) &+ 1)
            for step in 0..<250 {
                let key = "k\(random.below(24))"
                let format = random.below(4) == 0 ? "memory" : "disk"
                switch random.below(10) {
                case 0, 1, 2:
                    cache.set(payload(key, size: 50 + random.below(700), version: step), forKey: key, format: format,
                              completion: nil)
                case 3:
                    cache.set(nil, forKey: key, format: format, completion: nil)
                case 4:
                    let fetcher = ClosureFetcher<Data>(key: key) {
                        fetches.withLock { $0 += 1 }
                        return payload(key, size: 100)
                    }
                    let done = DispatchSemaphore(value: 0)
                    cache.fetchValue(from: fetcher, format: format, failure: { _ in done.signal() },
                                     success: { value in
                                         #expect(value.starts(with: Array("\(key)#".utf8)))
                                         done.signal()
                                     })
                    done.wait()
                case 5:
                    if step % 50 == 0 { cache.set(nil, forKey: key, format: format, completion: nil) }
                    _ = cache.diskSize(format: format)
                default:
                    do throws(CacheError) {
                        let value = try cache.cachedValue(forKey: key, format: format)
                        // Never another key's bytes.
                        #expect(value.starts(with: Array("\(key)#".utf8)))
                    } catch {
                        #expect(error.kind == .notFound)
                    }
                }
            }
        } }
        cache.synchronize()
        let size = cache.diskSize(format: "disk") ?? -1
        #expect(size <= 6_000)
        #expect(size == fixture.measuredDiskSize(format: "disk"))
        #expect(fetches.withLock { $0 } > 0)
        // A restart sees the same entries.
        let restarted = fixture.dataCache()
        restarted.register(CacheFormat(name: "disk", diskCapacity: 6_000))
        #expect(restarted.diskSize(format: "disk") == size)
        for number in 0..<24 {
            if let value = try? restarted.cachedValue(forKey: "k\(number)", format: "disk") {
                #expect(value.starts(with: Array("k\(number)#".utf8)))
            }
        }
    }
}
