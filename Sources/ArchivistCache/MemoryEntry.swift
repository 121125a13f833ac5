/// What the memory level keeps about a value besides the value itself (which lives in a parallel
/// array, so the index is one concrete, non-generic type and a hit copies only the value).
@usableFromInline
package struct MemoryEntry: Sendable {
    @usableFromInline var cost: Int
    @usableFromInline var storedAt: Double
    @usableFromInline var accessedAt: Double
    /// Set when a hit has been reported to the disk level's LRU and not yet drained.
    @usableFromInline var touchQueued: Bool

    @inlinable
    init(cost: Int, storedAt: Double, accessedAt: Double) {
        self.cost = cost
        self.storedAt = storedAt
        self.accessedAt = accessedAt
        touchQueued = false
    }
}
