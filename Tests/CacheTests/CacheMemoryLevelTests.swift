import ArchivistCache
import Testing
import TestSupport

/// The memory level: LRU by count and cost, expiry, hits reported to the disk level.
@Suite struct CacheMemoryLevelTests {
    private let clock = TestClock()

    private func level(count: Int = .max, cost: Int = .max, expiry: CacheExpiry = .never,
                       touches: Bool = false) -> MemoryLevel<String> {
        MemoryLevel(limit: CacheMemoryLimit(count: count, totalCost: cost), expiry: expiry, reportsTouches: touches,
                    clock: clock.cacheClock)
    }

    @Test func evictsTheLeastRecentlyUsedBeyondTheCount() {
        let memory = level(count: 2)
        memory.set("A", for: "a", cost: 1, storedAt: 0)
        memory.set("B", for: "b", cost: 1, storedAt: 0)
        #expect(memory.value(for: "a") == "A")  // a is now more recent than b
        memory.set("C", for: "c", cost: 1, storedAt: 0)
        #expect(memory.value(for: "b") == nil)
        #expect(memory.value(for: "a") == "A")
        #expect(memory.value(for: "c") == "C")
    }

    @Test func evictsUntilTheTotalCostFits() {
        let memory = level(cost: 10)
        memory.set("A", for: "a", cost: 4, storedAt: 0)
        memory.set("B", for: "b", cost: 4, storedAt: 0)
        memory.set("C", for: "c", cost: 5, storedAt: 0)
        #expect(memory.usage.cost == 9)
        #expect(!memory.contains("a"))
        #expect(memory.contains("b") && memory.contains("c"))
    }

    @Test func aValueCostingMoreThanTheLimitIsNotHeldAndDropsTheOldValue() {
        let memory = level(cost: 10)
        memory.set("small", for: "a", cost: 1, storedAt: 0)
        memory.set("huge", for: "a", cost: 11, storedAt: 0)
        #expect(memory.value(for: "a") == nil)
        #expect(memory.usage.count == 0 && memory.usage.cost == 0)
    }

    @Test func aCountLimitOfZeroHoldsNothing() {
        let memory = level(count: 0)
        memory.set("A", for: "a", cost: 1, storedAt: 0)
        #expect(memory.value(for: "a") == nil)
    }

    @Test func fixedExpiryIgnoresReads() {
        let memory = level(expiry: .fixed(10))
        memory.set("A", for: "a", cost: 1, storedAt: clock.now)
        clock.advance(by: 6)
        #expect(memory.value(for: "a") == "A")
        clock.advance(by: 6)
        #expect(memory.value(for: "a") == nil)
        #expect(!memory.contains("a"))
    }

    @Test func slidingExpiryIsExtendedByEachRead() {
        let memory = level(expiry: .sliding(10))
        memory.set("A", for: "a", cost: 1, storedAt: clock.now)
        for _ in 0..<5 {
            clock.advance(by: 6)
            #expect(memory.value(for: "a") == "A")
        }
        clock.advance(by: 11)
        #expect(memory.value(for: "a") == nil)
    }

    @Test func preloadedValuesOnlyFillFreeRoomAndNeverReplaceAValue() {
        let memory = level(count: 2)
        memory.set("request", for: "a", cost: 1, storedAt: 0)
        #expect(memory.insertPreloaded("preload", for: "a", cost: 1, storedAt: 0, accessedAt: 0))
        #expect(memory.insertPreloaded("B", for: "b", cost: 1, storedAt: 0, accessedAt: 0))
        #expect(!memory.insertPreloaded("C", for: "c", cost: 1, storedAt: 0, accessedAt: 0))
        #expect(memory.value(for: "a") == "request")
        // Preloaded values enter as the least recently used: a new value evicts them first.
        memory.set("D", for: "d", cost: 1, storedAt: 0)
        #expect(!memory.contains("b"))
    }

    @Test func reportsEachHitKeyToTheDiskLevelOnceUntilDrained() {
        let memory = level(touches: true)
        memory.set("A", for: "a", cost: 1, storedAt: 0)
        memory.set("B", for: "b", cost: 1, storedAt: 0)
        for _ in 0..<3 { _ = memory.value(for: "a") }
        _ = memory.value(for: "b")
        #expect(memory.drainTouchedKeys().map(\.key) == ["a", "b"])
        #expect(memory.drainTouchedKeys().isEmpty)
        _ = memory.value(for: "a")
        #expect(memory.drainTouchedKeys().map(\.key) == ["a"])
    }

    @Test func matchesAnLRUModelOverRandomOperations() {
        var random = SeededRandom(seed: 42)
        let memory = level(count: 8, cost: 30)
        var model: [(key: String, cost: Int)] = []  // front = most recent
        for step in 0..<3_000 {
            let key = "k\(random.below(20))"
            if random.below(3) == 0 {
                let cost = random.below(12)
                model.removeAll { $0.key == key }
                model.insert((key, cost), at: 0)
                while model.count > 8 || model.reduce(0, { $0 + $1.cost }) > 30 { model.removeLast() }
                memory.set("\(key)@\(step)", for: key, cost: cost, storedAt: 0)
            } else {
                let hit = memory.value(for: key) != nil
                if let position = model.firstIndex(where: { $0.key == key }) {
                    model.insert(model.remove(at: position), at: 0)
                    #expect(hit)
                } else {
                    #expect(!hit)
                }
            }
        }
        #expect(memory.usage.count == model.count)
        #expect(memory.usage.cost == model.reduce(0) { $0 + $1.cost })
    }
}
