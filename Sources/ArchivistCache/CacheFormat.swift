/// A named way of caching values: how much disk and memory it may use, what it preloads, how its
/// values are transformed and when they expire.
///
/// Haneke's formats described one size of image; here a format is any policy worth its own LRU —
/// thumbnails and full-size renders, short-lived API responses and long-lived documents.
/// ```swift
/// cache.register(CacheFormat(name: "thumbnail", diskCapacity: 10_000_000,
///                            memoryLimit: CacheMemoryLimit(count: 200),
///                            expiry: .sliding(7 * 86_400),
///                            beforeStore: { $0.scaled(to: 64) }))
/// ```
public struct CacheFormat<Value: Sendable>: Sendable {
    /// The format's name; requests name their format, and its disk entries live in a directory
    /// derived from it.
    public var name: String
    /// Largest total size of the format's disk entries in bytes; 0 keeps the format in memory only.
    /// A value whose encoding alone is larger than this is kept in memory only.
    public var diskCapacity: Int
    /// How many values, and how much total cost, the memory level holds.
    public var memoryLimit: CacheMemoryLimit
    /// What registering the format loads from the disk into memory.
    public var preloadPolicy: CachePreloadPolicy
    /// When values stop being served.
    public var expiry: CacheExpiry
    /// Runs on every value entering the format (by `set` or a fetcher) before it is stored: what
    /// it returns is what both levels keep and what requests receive. Haneke's pre-/post-resize
    /// blocks become this one function (resize, normalize, strip…). Throwing rejects the value.
    public var beforeStore: (@Sendable (Value) throws -> Value)?
    /// Runs on every value decoded from a disk entry before it enters memory and is returned (to
    /// decompress, re-attach derived state…). Throwing makes the entry unreadable (it is removed).
    public var afterLoad: (@Sendable (Value) throws -> Value)?
    /// A value's memory cost against ``CacheMemoryLimit/totalCost``; `nil` uses the cache's
    /// ``CacheValueCoding/cost``.
    public var cost: (@Sendable (Value) -> Int)?

    /// Creates a format.
    ///
    /// - Parameters:
    ///   - name: The format's name.
    ///   - diskCapacity: Largest total size of its disk entries in bytes; 0 (the default) keeps it
    ///     in memory only.
    ///   - memoryLimit: How much the memory level holds; 1,000 values by default.
    ///   - preloadPolicy: What registering loads into memory; nothing by default.
    ///   - expiry: When values expire; never by default.
    ///   - beforeStore: Transforms values before they are stored.
    ///   - afterLoad: Transforms values decoded from the disk.
    ///   - cost: A value's memory cost.
    public init(name: String, diskCapacity: Int = 0,
                memoryLimit: CacheMemoryLimit = CacheMemoryLimit(count: 1_000),
                preloadPolicy: CachePreloadPolicy = .none, expiry: CacheExpiry = .never,
                beforeStore: (@Sendable (Value) throws -> Value)? = nil,
                afterLoad: (@Sendable (Value) throws -> Value)? = nil,
                cost: (@Sendable (Value) -> Int)? = nil) {
        self.name = name
        self.diskCapacity = max(diskCapacity, 0)
        self.memoryLimit = memoryLimit
        self.preloadPolicy = preloadPolicy
        self.expiry = expiry
        self.beforeStore = beforeStore
        self.afterLoad = afterLoad
        self.cost = cost
    }
}
