import Persistence

/// One format's values in memory: LRU with a count and a total-cost limit, O(1) per operation,
/// safe from any thread.
@usableFromInline
package final class MemoryLevel<Value: Sendable>: Sendable {
    /// A held value with what eviction and expiry need.
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var index = LinkedIndex<MemoryEntry>()
        /// The values by slot of `index`; `nil` in free slots.
        @usableFromInline var values: ContiguousArray<Value?> = []
        @usableFromInline var totalCost = 0
        /// Keys hit in memory since the disk level last drained them, each once.
        @usableFromInline var touched: [String] = []

        @inlinable
        init() {}

        /// Adds a value for an absent key.
        mutating func insert(_ value: Value, for key: String, _ entry: MemoryEntry, atFront: Bool) {
            let slot = index.insert(key, entry, atFront: atFront)
            if slot < values.count {
                values[slot] = value
            } else {
                values.append(value)
            }
            totalCost += entry.cost
        }

        /// Removes the value in `slot`.
        @inlinable
        mutating func remove(at slot: Int) {
            let removed = index.remove(at: slot)
            totalCost -= removed.payload?.cost ?? 0
            if slot < values.count { values[slot] = nil }
        }
    }

    @usableFromInline let state = StateLock(State())
    @usableFromInline let limit: CacheMemoryLimit
    @usableFromInline let expiry: CacheExpiry
    /// Whether hits are queued for the disk level's LRU (formats with a disk capacity).
    @usableFromInline let reportsTouches: Bool
    @usableFromInline let clock: CacheClock

    package init(limit: CacheMemoryLimit, expiry: CacheExpiry, reportsTouches: Bool, clock: CacheClock) {
        self.limit = limit
        self.expiry = expiry
        self.reportsTouches = reportsTouches
        self.clock = clock
    }

    /// The value of `key` if held and not expired; a hit makes it the most recently used.
    /// An expired value is removed.
    @inlinable
    package func value(for key: String) -> Value? {
        let now = expiry == .never ? 0 : clock.now()
        let reportsTouches = reportsTouches
        let touchLimit = touchQueueLimit
        return state.withLock { state -> Value? in
            guard let slot = state.index.slot(of: key) else { return nil }
            if expiry != .never {
                guard let entry = state.index.payload(at: slot) else { return nil }
                if expiry.hasExpired(storedAt: entry.storedAt, accessedAt: entry.accessedAt, now: now) {
                    state.remove(at: slot)
                    return nil
                }
                if expiry.isSliding { state.index.updatePayload(at: slot) { $0.accessedAt = now } }
            }
            state.index.moveToFront(slot)
            if reportsTouches, state.touched.count < touchLimit,
               state.index.updatePayload(at: slot, { entry -> Bool in
                   defer { entry.touchQueued = true }
                   return !entry.touchQueued
               }) == true {
                state.touched.append(key)
            }
            return slot < state.values.count ? state.values[slot] : nil
        }
    }

    /// Whether `key` is held (expired or not), without counting as a use.
    package func contains(_ key: String) -> Bool {
        state.withLock { $0.index.slot(of: key) != nil }
    }

    /// Stores a value as the most recently used, evicting least recently used values to stay within
    /// the limit. A value costing more than the whole limit is not held (the key's old value is dropped).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: Its key.
    ///   - cost: Its cost.
    ///   - storedAt: When it was stored, for fixed expiry (the disk entry's time when loaded).
    package func set(_ value: Value, for key: String, cost: Int, storedAt: Double) {
        let cost = max(cost, 0)
        let now = expiry == .never ? 0 : clock.now()
        state.withLock { state in
            if let slot = state.index.slot(of: key) { state.remove(at: slot) }
            guard limit.count > 0, cost <= limit.totalCost else { return }
            state.insert(value, for: key, MemoryEntry(cost: cost, storedAt: storedAt, accessedAt: now), atFront: true)
            while state.index.count > limit.count || state.totalCost > limit.totalCost,
                  let last = state.index.leastRecent {
                state.remove(at: last)
            }
        }
    }

    /// Stores a preloaded value as the least recently used, only if the key is absent and it fits
    /// without evicting anything.
    ///
    /// - Returns: `false` when the level is full (preloading stops), `true` otherwise (stored, or
    ///   skipped because a request already put the key in memory).
    package func insertPreloaded(_ value: Value, for key: String, cost: Int, storedAt: Double, accessedAt: Double) -> Bool {
        let cost = max(cost, 0)
        return state.withLock { state in
            guard state.index.slot(of: key) == nil else { return true }
            guard state.index.count < limit.count, cost <= limit.totalCost - state.totalCost else { return false }
            state.insert(value, for: key, MemoryEntry(cost: cost, storedAt: storedAt, accessedAt: accessedAt),
                         atFront: false)
            return true
        }
    }

    /// Whether the level can take another value without evicting (for preloading).
    package var hasRoom: Bool {
        state.withLock { $0.index.count < limit.count && $0.totalCost < limit.totalCost }
    }

    /// Drops `key`.
    package func remove(_ key: String) {
        state.withLock { state in
            guard let slot = state.index.slot(of: key) else { return }
            state.remove(at: slot)
        }
    }

    /// Drops every value.
    package func removeAll() {
        state.withLock { state in state = State() }
    }

    /// The keys hit since the last call, so the disk level can count those hits as uses.
    ///
    /// - Returns: Each key once, with the time of its last hit when the format's expiry is sliding
    ///   (the disk entry's expiry must not be extended past it), else `nil` (any recent time will
    ///   do). Under sliding expiry a key no longer held is left out: its hit time is unknown.
    package func drainTouchedKeys() -> [(key: String, accessedAt: Double?)] {
        guard reportsTouches else { return [] }
        let sliding: Bool
        sliding = expiry.isSliding
        return state.withLock { state in
            guard !state.touched.isEmpty else { return [] }
            let keys = state.touched
            state.touched = []
            var result: [(key: String, accessedAt: Double?)] = []
            result.reserveCapacity(keys.count)
            for key in keys {
                guard let slot = state.index.slot(of: key) else {
                    if !sliding { result.append((key, nil)) }
                    continue
                }
                let accessedAt = state.index.updatePayload(at: slot) { entry -> Double in
                    entry.touchQueued = false
                    return entry.accessedAt
                }
                result.append((key, sliding ? accessedAt : nil))
            }
            return result
        }
    }

    /// How many values are held and their total cost.
    package var usage: (count: Int, cost: Int) {
        state.withLock { ($0.index.count, $0.totalCost) }
    }

    /// Bound on queued touches, so a format whose disk is never used cannot grow the queue forever.
    @inlinable
    var touchQueueLimit: Int { min(limit.count, 1 << 20) }
}
