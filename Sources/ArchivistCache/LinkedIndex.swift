/// Keys in recency order with a payload each: a hash map from key to slot plus a doubly linked
/// list threaded through an array of slots by index.
///
/// Every operation is O(1) (amortized for insertion, which may grow the arrays). Slots freed by
/// removals are reused through a free list, so a long-running cache does not grow its arrays
/// beyond the most entries it ever held at once. The list runs from the most recently used entry
/// (the front) to the least recently used one (the back), which is the next to evict.
@usableFromInline
package struct LinkedIndex<Payload> {
    /// One entry, or a free slot (`payload == nil`, `next` chaining the free list).
    @usableFromInline
    package struct Slot {
        @usableFromInline package var key: String
        @usableFromInline package var payload: Payload?
        @usableFromInline package var previous: Int
        @usableFromInline package var next: Int

        @inlinable
        init(key: String, payload: Payload?, previous: Int, next: Int) {
            self.key = key
            self.payload = payload
            self.previous = previous
            self.next = next
        }
    }

    @inlinable static var none: Int { -1 }

    @usableFromInline var slots: ContiguousArray<Slot> = []
    @usableFromInline var positions: [String: Int] = [:]
    @usableFromInline var front = -1
    @usableFromInline var back = -1
    @usableFromInline var freeList = -1

    /// Creates an empty index.
    @inlinable
    package init() {}

    /// How many entries the index holds.
    @inlinable
    package var count: Int { positions.count }

    /// Whether the index holds no entry.
    @inlinable
    package var isEmpty: Bool { positions.isEmpty }

    /// The slot of `key`, or `nil` when the key is absent.
    @inlinable
    package func slot(of key: String) -> Int? { positions[key] }

    /// The key stored in an occupied slot.
    @inlinable
    package func key(at slot: Int) -> String { slots[slot].key }

    /// The payload of an occupied slot.
    @inlinable
    package func payload(at slot: Int) -> Payload? { slots[slot].payload }

    /// Changes the payload of an occupied slot in place.
    ///
    /// - Parameters:
    ///   - slot: A slot returned by ``slot(of:)`` or an insertion.
    ///   - body: Edits the payload.
    /// - Returns: What `body` returns, or `nil` when the slot is free (a misuse, reported rather
    ///   than trapped on).
    @inlinable @discardableResult
    package mutating func updatePayload<R>(at slot: Int, _ body: (inout Payload) -> R) -> R? {
        guard var payload = slots[slot].payload else { return nil }
        slots[slot].payload = nil  // keep the payload uniquely referenced while it is edited
        let result = body(&payload)
        slots[slot].payload = payload
        return result
    }

    /// The least recently used entry's slot, or `nil` when empty.
    @inlinable
    package var leastRecent: Int? { back == Self.none ? nil : back }

    /// The most recently used entry's slot, or `nil` when empty.
    @inlinable
    package var mostRecent: Int? { front == Self.none ? nil : front }

    /// The slot after `slot` towards the back (less recent), or `nil` at the back.
    @inlinable
    package func lessRecent(than slot: Int) -> Int? {
        let next = slots[slot].next
        return next == Self.none ? nil : next
    }

    /// The slot before `slot` towards the front (more recent), or `nil` at the front.
    @inlinable
    package func moreRecent(than slot: Int) -> Int? {
        let previous = slots[slot].previous
        return previous == Self.none ? nil : previous
    }

    /// Marks an entry as the most recently used.
    @inlinable
    package mutating func moveToFront(_ slot: Int) {
        guard slot != front else { return }
        // Not the front: it has a previous entry, and the list has a front. The hottest
        // operation of a cache hit, so it is done in one pass rather than unlink + link.
        let previous = slots[slot].previous
        let next = slots[slot].next
        slots[previous].next = next
        if next != Self.none { slots[next].previous = previous } else { back = previous }
        slots[slot].previous = Self.none
        slots[slot].next = front
        slots[front].previous = slot
        front = slot
    }

    /// Marks an entry as the least recently used.
    @inlinable
    package mutating func moveToBack(_ slot: Int) {
        guard slot != back else { return }
        unlink(slot)
        linkAtBack(slot)
    }

    /// Adds an entry for a key that is not in the index yet.
    ///
    /// - Parameters:
    ///   - key: The new key; it must be absent (check with ``slot(of:)``).
    ///   - payload: Its payload.
    ///   - atFront: `true` to make it the most recently used, `false` the least.
    /// - Returns: The entry's slot.
    @inlinable @discardableResult
    package mutating func insert(_ key: String, _ payload: Payload, atFront: Bool = true) -> Int {
        let slot: Int
        if freeList != Self.none {
            slot = freeList
            freeList = slots[slot].next
            slots[slot] = Slot(key: key, payload: payload, previous: Self.none, next: Self.none)
        } else {
            slot = slots.count
            slots.append(Slot(key: key, payload: payload, previous: Self.none, next: Self.none))
        }
        positions[key] = slot
        if atFront { linkAtFront(slot) } else { linkAtBack(slot) }
        return slot
    }

    /// Removes an entry.
    ///
    /// - Parameter slot: An occupied slot.
    /// - Returns: The removed key and payload (`nil` only if the slot was already free).
    @inlinable @discardableResult
    package mutating func remove(at slot: Int) -> (key: String, payload: Payload?) {
        guard slots[slot].payload != nil else { return (slots[slot].key, nil) }
        unlink(slot)
        let removed = slots[slot]
        positions[removed.key] = nil
        slots[slot] = Slot(key: "", payload: nil, previous: Self.none, next: freeList)
        freeList = slot
        return (removed.key, removed.payload)
    }

    /// Removes every entry and releases the storage.
    @inlinable
    package mutating func removeAll() {
        slots = []
        positions = [:]
        front = Self.none
        back = Self.none
        freeList = Self.none
    }

    /// Every entry from the most to the least recently used.
    @inlinable
    package func entriesMostRecentFirst() -> [(key: String, payload: Payload)] {
        var result: [(key: String, payload: Payload)] = []
        result.reserveCapacity(count)
        var cursor = front
        while cursor != Self.none {
            let slot = slots[cursor]
            if let payload = slot.payload { result.append((slot.key, payload)) }
            cursor = slot.next
        }
        return result
    }

    @inlinable
    mutating func unlink(_ slot: Int) {
        let previous = slots[slot].previous
        let next = slots[slot].next
        if previous != Self.none { slots[previous].next = next } else { front = next }
        if next != Self.none { slots[next].previous = previous } else { back = previous }
        slots[slot].previous = Self.none
        slots[slot].next = Self.none
    }

    @inlinable
    mutating func linkAtFront(_ slot: Int) {
        slots[slot].previous = Self.none
        slots[slot].next = front
        if front != Self.none { slots[front].previous = slot } else { back = slot }
        front = slot
    }

    @inlinable
    mutating func linkAtBack(_ slot: Int) {
        slots[slot].next = Self.none
        slots[slot].previous = back
        if back != Self.none { slots[back].next = slot } else { front = slot }
        back = slot
    }
}

extension LinkedIndex: Sendable where Payload: Sendable {}

extension LinkedIndex.Slot: Sendable where Payload: Sendable {}
