import ArchivistCache
import Dispatch
import Foundation

/// A disk format filled to capacity with 100-byte entries, reopened from its journal.
final class CacheEvictionCase {
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
                            forKey: "entry-\(number)", format: "e", completion: nil)
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
        cache.set(big, forKey: "big-\(number)", format: "e") { _ in done.signal() }
        done.wait()
        whole.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        let after = cache.diskEvictionStatistics(format: "e") ?? DiskEvictionStatistics()
        guard after.entries - before.entries == Self.evicted else { throw CacheBenchmarkError.missing("eviction count") }
        index.append(Double(after.indexNanoseconds &- before.indexNanoseconds) / 1e3)
        unlink.append(Double(after.evictionUnlinkNanoseconds &- before.evictionUnlinkNanoseconds) / 1e6)
        cache.set(nil, forKey: "big-\(number)", format: "e", completion: nil)
        for _ in 0..<Self.evicted {
            cache.set(Data(repeating: 1, count: Self.entrySize), forKey: "entry-\(next)", format: "e", completion: nil)
            next += 1
        }
        cache.synchronize()
        guard cache.diskSize(format: "e") == entries * Self.entrySize else { throw CacheBenchmarkError.missing("refill") }
    }
}
