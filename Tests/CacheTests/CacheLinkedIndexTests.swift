import ArchivistCache
import Testing
import TestSupport

/// The O(1) recency list both cache levels are built on, checked against a naive array model.
@Suite struct CacheLinkedIndexTests {
    private func keys(_ index: LinkedIndex<Int>) -> [String] {
        index.entriesMostRecentFirst().map(\.key)
    }

    @Test func keepsEntriesFromMostToLeastRecentlyUsed() {
        var index = LinkedIndex<Int>()
        for (number, key) in ["a", "b", "c"].enumerated() { index.insert(key, number) }
        #expect(keys(index) == ["c", "b", "a"])
        if let slot = index.slot(of: "a") { index.moveToFront(slot) }
        #expect(keys(index) == ["a", "c", "b"])
        #expect(index.leastRecent.map(index.key(at:)) == "b")
    }

    @Test func insertsAtTheBackWhenAsked() {
        var index = LinkedIndex<Int>()
        index.insert("a", 1)
        index.insert("b", 2, atFront: false)
        #expect(keys(index) == ["a", "b"])
    }

    @Test func removingAFreeSlotChangesNothing() {
        var index = LinkedIndex<Int>()
        let slot = index.insert("a", 1)
        index.insert("b", 2)
        #expect(index.remove(at: slot).payload == 1)
        #expect(index.remove(at: slot).payload == nil)
        #expect(keys(index) == ["b"])
        #expect(index.count == 1)
    }

    @Test func matchesAnArrayModelOverRandomOperations() {
        var random = SeededRandom(seed: 0xCAC4E)
        var index = LinkedIndex<Int>()
        var model: [(key: String, value: Int)] = []  // front = most recent
        for step in 0..<5_000 {
            let key = "k\(random.next() % 40)"
            let position = model.firstIndex { $0.key == key }
            switch random.next() % 4 {
            case 0, 1:
                if let position {
                    model.remove(at: position)
                    if let slot = index.slot(of: key) { index.remove(at: slot) }
                }
                model.insert((key, step), at: 0)
                index.insert(key, step)
            case 2:
                if let position {
                    let entry = model.remove(at: position)
                    model.insert(entry, at: 0)
                }
                if let slot = index.slot(of: key) { index.moveToFront(slot) }
            default:
                if let position { model.remove(at: position) }
                if let slot = index.slot(of: key) { index.remove(at: slot) }
            }
            #expect(index.count == model.count)
        }
        #expect(index.entriesMostRecentFirst().map(\.key) == model.map(\.key))
        #expect(index.entriesMostRecentFirst().map(\.payload) == model.map(\.value))
    }
}
