import Dispatch
import Foundation
import Persistence

/// A named two-level cache — memory, then disk — of archivable values, organized in formats.
///
/// Each ``CacheFormat`` has its own LRU memory level and its own disk directory with a capacity,
/// a preload policy, transforms and an expiry. Values are anything a ``CacheValueCoding`` can
/// encode: every `AutoCodable` type and raw `Data` out of the box.
/// ```swift
/// let cache = try Cache<Profile>(name: "profiles")
/// cache.register(CacheFormat(name: "full", diskCapacity: 50_000_000))
/// try await cache.set(profile, forKey: profile.id, format: "full")
/// let again = try await cache.value(forKey: profile.id, format: "full")
/// let fetched = try await cache.value(from: ProfileFetcher(id: "42"), format: "full")
/// ```
/// All methods are safe to call from any thread or task. The disk entries of a cache live in
/// `<caches directory>/<application>/<cache name>/<format name>/` (the application and cache names
/// as written when they are portable file names, as for stores; other names escaped for the file
/// system); one process at a time should use a given cache directory.
public final class Cache<Value: Sendable>: Sendable {
    /// The cache's name: the last component of its directory.
    public let name: String
    /// The directory holding one subdirectory per format.
    public let directory: URL
    let coding: CacheValueCoding<Value>
    let fileSystem: any FileSystem
    let clock: CacheClock
    /// Runs every format's disk writes and removals: one lane per format, in the order issued.
    let background: BackgroundWriter
    @usableFromInline let stores = StateLock(FormatTable<Value>())

    /// Creates a cache whose files live under a standard location.
    ///
    /// Creating two caches with the same name and location in one process is allowed but they do
    /// not share state; use one instance (or `Cache.shared`) per directory.
    /// - Parameters:
    ///   - name: The cache's name and directory name (any string; as written when it is a portable
    ///     file name, escaped otherwise, as `StoreLocation` says).
    ///   - coding: How values become disk entries.
    ///   - location: The base directory; the caches directory (`$XDG_CACHE_HOME` or `~/.cache` on
    ///     Linux, `Library/Caches` on Apple platforms) by default.
    ///   - application: Scopes the files under the location; the process name by default.
    /// - Throws: `PersistenceError` `.invalidLocation` when the location cannot be resolved.
    public convenience init(name: String, coding: CacheValueCoding<Value>, location: StoreLocation = .caches,
                            application: String = ProcessInfo.processInfo.processName) throws(PersistenceError) {
        let directory = try location.directoryURL(application: application, store: name)
        self.init(name: name, coding: coding, directory: directory, fileSystem: SystemFileSystem(), clock: .system)
    }

    /// Creates a cache in an exact directory, with a replaceable file system and clock (tests).
    package init(name: String, coding: CacheValueCoding<Value>, directory: URL, fileSystem: any FileSystem,
                 clock: CacheClock) {
        self.name = name
        self.coding = coding
        self.directory = directory
        self.fileSystem = fileSystem
        self.clock = clock
        background = BackgroundWriter(writer: AtomicFileWriter(fileSystem: fileSystem),
                                      maximumConcurrency: max(2, ProcessInfo.processInfo.activeProcessorCount),
                                      label: "archivist.cache.\(name)")
    }

    /// Registers a format, replacing (and clearing, in memory and on disk) any format registered
    /// under the same name by this instance. The format's disk entries from earlier processes are
    /// kept: its index is opened and, per its ``CachePreloadPolicy``, preloaded in the background.
    /// Returns without waiting for the disk: a replaced format's files are removed in the
    /// background, before the new format's first disk access.
    ///
    /// - Parameter format: The format.
    public func register(_ format: CacheFormat<Value>) {
        // The replaced format's files are removed in the background; the new format's disk level
        // opens (its first disk request waits) only once they are gone.
        let cleared = DispatchGroup()
        cleared.enter()
        let store = FormatStore(format: format, coding: coding, directory: formatDirectory(format.name),
                                fileSystem: fileSystem, clock: clock, background: background, opensAfter: cleared)
        let replaced = stores.withLock { stores in stores.insert(store) }
        if let replaced { replaced.retireAndClear(then: cleared) } else { cleared.leave() }
        store.startBackgroundOpening()
    }

    /// The format registered under `name`.
    ///
    /// - Parameter name: A format name.
    /// - Returns: The format, or `nil` when none is registered under that name.
    public func format(named name: String) -> CacheFormat<Value>? {
        stores.withLock { $0[name]?.format }
    }

    /// The names of the registered formats, sorted.
    public var formatNames: [String] {
        stores.withLock { $0.names.sorted() }
    }

    /// The total size in bytes of a format's disk entries, from its index (no directory scan).
    ///
    /// - Parameter format: A format name.
    /// - Returns: The size (0 for a memory-only format), or `nil` when no such format is registered.
    public func diskSize(format: String) -> Int? {
        guard let store = stores.withLock({ $0[format] }) else { return nil }
        return Int(store.disk?.totalSize ?? 0)
    }

    /// The store of a format.
    ///
    /// - Throws: ``CacheError/Kind/formatNotRegistered``.
    @inlinable
    func store(_ format: String, key: String) throws(CacheError) -> FormatStore<Value> {
        guard let store = stores.withLock({ $0[format] }) else {
            throw CacheError(.formatNotRegistered, key: key, format: format)
        }
        return store
    }

    /// The directory of a format's files.
    func formatDirectory(_ format: String) -> String {
        AtomicFileWriter.join(directory.path, KeyFileName.stem(for: format).text)
    }

    /// Waits for every queued disk write and removal, then writes the disk indexes' buffered
    /// records (reads are recorded lazily: at most a second's worth is otherwise lost when the
    /// process ends). Call it when the application is about to exit so the next session's LRU order
    /// and last-session preloading see the latest reads.
    public func synchronize() {
        for store in stores.withLock({ $0.stores }) {
            store.waitForQueuedWrites()
            store.disk?.synchronize()
        }
    }

    /// Blocks until a format's background opening and preloading are done (tests, benchmarks).
    package func waitForPreloading(format: String) {
        stores.withLock { $0[format] }?.waitForPreloading()
    }

    /// Whether a format's memory level holds `key`, without counting as a use or loading anything
    /// (tests, benchmarks).
    package func memoryContains(_ key: String, format: String) -> Bool {
        stores.withLock { $0[format] }?.memory.contains(key) ?? false
    }

    /// Whether requests are reading a format's disk level now, which preloading waits for (tests).
    package func diskIsServingRequests(format: String) -> Bool {
        stores.withLock { $0[format] }?.disk?.isServingRequests ?? false
    }

    /// What a format's disk evictions have cost so far (benchmarks).
    package func diskEvictionStatistics(format: String) -> DiskEvictionStatistics? {
        stores.withLock { $0[format] }?.disk?.evictionStatistics
    }

    /// Blocks until every write and removal queued for a format has reached the disk.
    package func waitForQueuedWrites(format: String) {
        stores.withLock { $0[format] }?.waitForQueuedWrites()
    }
}
