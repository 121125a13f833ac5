/// The values ``BasicStoreIndex`` keeps decoded, by entry number.
///
/// Values sit densely in a pool; a table of 32-bit pool positions, one per entry, finds them. The
/// table exists only once a first value is kept (opening keeps none), and holds plain integers, so
/// making it for a large store is one zero-filled allocation and freeing it destroys no value.
package struct BasicDecodedValues {
    /// Creates an empty set of kept values.
    package init() {}

    /// Per entry: its value's pool position plus one, or 0. Empty until a value is first kept.
    private var positions: [UInt32] = []
    /// The kept values.
    private var pool: [BasicValue] = []
    /// Per pool position: the entry whose value it is.
    private var owners: [UInt32] = []

    /// The value kept for `entry`, if any.
    ///
    /// - Parameter entry: An entry number.
    @inline(__always)
    package subscript(entry: Int) -> BasicValue? {
        guard entry < positions.count else { return nil }
        let position = Int(positions[entry])
        return position == 0 ? nil : pool[position - 1]
    }

    /// Keeps `value` for `entry`, or forgets what was kept for it (`nil`).
    ///
    /// - Parameters:
    ///   - value: The decoded value, or `nil`.
    ///   - entry: An entry number.
    ///   - entryCount: How many entries the index has (the table's size once it exists).
    package mutating func set(_ value: BasicValue?, entry: Int, entryCount: Int) {
        guard let value else { return forget(entry: entry) }
        if positions.isEmpty { positions = [UInt32](repeating: 0, count: entryCount) }
        let position = Int(positions[entry])
        if position != 0 {
            pool[position - 1] = value
            return
        }
        pool.append(value)
        owners.append(UInt32(truncatingIfNeeded: entry))
        positions[entry] = UInt32(truncatingIfNeeded: pool.count)
    }

    /// Notes a new entry at the end, with nothing kept for it.
    package mutating func entryAppended() {
        if !positions.isEmpty { positions.append(0) }
    }

    /// Forgets `entry` and moves what was kept for the last entry to it, as the index moves its
    /// last entry into a removed one's number.
    ///
    /// - Parameters:
    ///   - entry: The removed entry's number.
    ///   - last: The last entry's number (equal to `entry` when the last is the one removed).
    package mutating func entryRemoved(_ entry: Int, last: Int) {
        guard !positions.isEmpty else { return }
        forget(entry: entry)
        if entry != last {
            let moved = positions[last]
            positions[entry] = moved
            if moved != 0 { owners[Int(moved) - 1] = UInt32(truncatingIfNeeded: entry) }
        }
        positions.removeLast()
    }

    /// Removes what was kept for `entry`, moving the pool's last value into its place.
    private mutating func forget(entry: Int) {
        guard entry < positions.count else { return }
        let position = Int(positions[entry])
        guard position != 0 else { return }
        positions[entry] = 0
        let lastPosition = pool.count
        if position != lastPosition {
            pool[position - 1] = pool[lastPosition - 1]
            let owner = owners[lastPosition - 1]
            owners[position - 1] = owner
            positions[Int(owner)] = UInt32(truncatingIfNeeded: position)
        }
        pool.removeLast()
        owners.removeLast()
    }
}
