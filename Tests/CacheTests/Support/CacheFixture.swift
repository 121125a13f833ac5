import ArchivistCache
import Foundation
import Persistence
import TestSupport

/// A temporary cache directory and helpers to open caches in it.
final class CacheFixture {
    let directory: TemporaryDirectory
    let clock = TestClock()

    init() throws {
        directory = try TemporaryDirectory(prefix: "archivist-cache-test")
    }

    /// The cache directory caches named `name` use.
    func cacheDirectory(_ name: String = "test") -> URL {
        directory.url.appendingPathComponent(name, isDirectory: true)
    }

    /// A cache of raw data in the fixture's directory (a new instance over the same files each
    /// call, as a restarted process would have).
    func dataCache(_ name: String = "test", fileSystem: any FileSystem = SystemFileSystem()) -> Cache<Data> {
        Cache(name: name, coding: .data, directory: cacheDirectory(name), fileSystem: fileSystem,
              clock: clock.cacheClock)
    }

    /// A cache of AutoCodable profiles in the fixture's directory.
    func profileCache(_ name: String = "profiles") -> Cache<CacheTestProfile> {
        Cache(name: name, coding: .autoArchived, directory: cacheDirectory(name), fileSystem: SystemFileSystem(),
              clock: clock.cacheClock)
    }

    /// The entry files of a format, sorted.
    func entryFiles(cache: String = "test", format: String) -> [String] {
        let entries = cacheDirectory(cache).appendingPathComponent(KeyFileName.stem(for: format).text)
            .appendingPathComponent("entries")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: entries.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The URL of a key's entry file.
    func entryURL(cache: String = "test", format: String, key: String) -> URL {
        cacheDirectory(cache).appendingPathComponent(KeyFileName.stem(for: format).text)
            .appendingPathComponent("entries").appendingPathComponent(KeyFileName.stem(for: key).text)
    }

    /// The total size of a format's entry files, measured on disk.
    func measuredDiskSize(cache: String = "test", format: String) -> Int {
        entryFiles(cache: cache, format: format).reduce(0) { total, name in
            let url = cacheDirectory(cache).appendingPathComponent(KeyFileName.stem(for: format).text)
                .appendingPathComponent("entries").appendingPathComponent(name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            return total + ((attributes?[.size] as? Int) ?? 0)
        }
    }
}

/// `count` bytes that name their key, so a value read back can be checked against its key.
func payload(_ key: String, size: Int, version: Int = 0) -> Data {
    var bytes = Array("\(key)#\(version)#".utf8)
    while bytes.count < size { bytes.append(UInt8(truncatingIfNeeded: bytes.count)) }
    return Data(bytes.prefix(max(size, 0)))
}
