import Foundation
import Persistence

extension FormatStore {
    /// What a disk read found.
    enum DiskRead: Sendable {
        case hit(Value)
        case miss
        /// The entry was corrupt, truncated or unreadable and has been removed.
        case unreadable(CacheError)
        /// Preloading only: the memory level is full, so preloading stops.
        case noRoom
    }

    /// The value of `key` from memory, then from the disk (where a hit is put in memory).
    ///
    /// - Parameter key: The key.
    /// - Returns: The value.
    /// - Throws: ``CacheError`` `.notFound` or `.diskEntryUnreadable`.
    @inlinable
    func cachedValue(for key: String) throws(CacheError) -> Value {
        if let value = memory.value(for: key) { return value }
        return try diskValue(for: key)
    }

    /// The value of `key` from the disk level (the memory level has just missed).
    ///
    /// - Throws: ``CacheError`` `.notFound` or `.diskEntryUnreadable`.
    @usableFromInline
    func diskValue(for key: String) throws(CacheError) -> Value {
        try value(of: readFromDisk(key, preloading: false), for: key)
    }

    /// ``diskValue(for:)`` for a task: the read runs on a background queue while the task is
    /// suspended (the cooperative pool's threads must not wait on the disk).
    ///
    /// - Throws: ``CacheError`` `.notFound` or `.diskEntryUnreadable`.
    @usableFromInline
    func diskValueOffTask(for key: String) async throws(CacheError) -> Value {
        guard disk != nil else { throw CacheError(.notFound, key: key, format: format.name) }
        return try value(of: await OffTaskWork.run { [self] in readFromDisk(key, preloading: false) }, for: key)
    }

    /// A request's answer from what a disk read found.
    ///
    /// - Throws: ``CacheError`` `.notFound` or `.diskEntryUnreadable`.
    func value(of read: DiskRead, for key: String) throws(CacheError) -> Value {
        switch read {
        case .hit(let value): return value
        case .miss, .noRoom: throw CacheError(.notFound, key: key, format: format.name)
        case .unreadable(let error): throw error
        }
    }

    /// Reads the entry of `key` from the disk level (or the writes queued for it), decodes it and
    /// puts the value in memory unless a newer write or removal has happened meanwhile.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - preloading: Preload reads do not count as uses, give way to requests and only fill
    ///     free room in memory.
    /// - Returns: The value, a miss, or why the entry was unreadable.
    func readFromDisk(_ key: String, preloading: Bool) -> DiskRead {
        guard let disk else { return .miss }
        let queued: Pending? = state.withLock { state in
            if let pending = state.pending[key] { return pending }
            if let clear = state.pendingClear { return .removal(sequence: clear) }
            return nil
        }
        switch queued {
        case .value(let value, let cost, _)?:
            if !preloading { memory.set(value, for: key, cost: cost, storedAt: clock.now()) }
            return .hit(value)
        case .removal?:
            return .miss
        case nil:
            break
        }
        if !preloading { disk.requestStarted() }
        defer { if !preloading { disk.requestFinished() } }
        // A write to the same key may replace the file between the lookup and the read (the index
        // then has a newer generation): that is not damage, so the read starts again.
        for _ in 0..<Self.readAttempts {
            guard case .found(let path, let entry) = disk.lookup(key, countsAsUse: !preloading) else { return .miss }
            let value: Value
            do {
                guard let data = try readEntry(path) else {
                    // Removed behind the cache's back: an ordinary miss.
                    disk.remove(key, ifGeneration: entry.generation)
                    return .miss
                }
                // The index knows the size written: a shorter or longer file is damaged, whatever the
                // decoder would make of it.
                guard Int64(data.count) == entry.size else {
                    throw EntrySizeMismatch(expected: entry.size, found: Int64(data.count))
                }
                let decoded = try coding.decode(data)
                value = try format.afterLoad?(decoded) ?? decoded
            } catch {
                if disk.generation(of: key) != entry.generation { continue }
                disk.remove(key, ifGeneration: entry.generation)
                return .unreadable(CacheError(.diskEntryUnreadable, key: key, format: format.name,
                                              url: URL(fileURLWithPath: path), underlying: error))
            }
            return remember(value, for: key, entry, in: disk, preloading: preloading)
        }
        // Rewritten at every attempt: as if the read came just before the latest write.
        return .miss
    }

    /// How often a read starts again when a write to the same key replaced the file meanwhile.
    private static var readAttempts: Int { 4 }

    /// Puts a value read from the disk in memory, unless a newer write or removal has happened.
    private func remember(_ value: Value, for key: String, _ entry: DiskEntry, in disk: DiskLevel,
                          preloading: Bool) -> DiskRead {
        // User code (the cost function) runs before any lock is taken.
        let valueCost = cost(of: value)
        let fits = state.withLock { (state: inout State) -> Bool in
            // A write or removal issued while the file was read wins over what was read.
            guard state.pending[key] == nil, state.pendingClear == nil, !state.isRetired,
                  disk.generation(of: key) == entry.generation else { return true }
            if preloading {
                return memory.insertPreloaded(value, for: key, cost: valueCost, storedAt: entry.storedAt,
                                              accessedAt: entry.accessedAt)
            }
            memory.set(value, for: key, cost: valueCost, storedAt: entry.storedAt)
            return true
        }
        return fits ? .hit(value) : .noRoom
    }
}

extension FormatStore {
    /// The bytes of an entry file, or `nil` when it does not exist.
    ///
    /// - Throws: ``SystemCallError`` for any other failure.
    private func readEntry(_ path: String) throws(SystemCallError) -> Data? {
        do {
            return try fileSystem.readFile(path)
        } catch {
            if error.code == ENOENT { return nil }
            throw error
        }
    }
}

/// A disk entry whose length differs from the length its index recorded.
struct EntrySizeMismatch: Error, CustomStringConvertible {
    let expected: Int64
    let found: Int64

    var description: String { "the entry file has \(found) bytes, the index recorded \(expected)" }
}
