import AutoCoding
import Dispatch
import Foundation
import Persistence
import Testing

/// Background writes: completions, per-key order, coalescing, read-your-writes, flush.
@Suite struct ArchiveStoreBackgroundTests {
    /// Collects completions from many threads.
    final class Outcomes: @unchecked Sendable {
        // @unchecked: `results` is only touched while `lock` is held.
        private let lock = NSLock()
        private var results: [Int: BackgroundWriteResult] = [:]
        func record(_ index: Int, _ result: BackgroundWriteResult) { lock.withLock { results[index] = result } }
        var all: [Int: BackgroundWriteResult] { lock.withLock { results } }
    }

    @Test func everyCompletionFiresOnTheChosenQueueWithTheFileAndSize() throws {
        let fixture = try TemporaryStore()
        let queue = DispatchQueue(label: "test.completions")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 42)
        let outcomes = Outcomes()
        let onQueue = Outcomes()
        for index in 0..<50 {
            fixture.store.persistInBackground(Contact.sample(index), forKey: "k\(index % 5)", queue: queue) { result in
                outcomes.record(index, result)
                if DispatchQueue.getSpecific(key: key) == 42 { onQueue.record(index, result) }
            }
        }
        fixture.store.flush()
        queue.sync {}
        #expect(outcomes.all.count == 50)
        #expect(onQueue.all.count == 50)
        for (_, result) in outcomes.all {
            let file = try result.get()
            #expect(file.url.deletingLastPathComponent().standardizedFileURL == fixture.store.directoryURL.standardizedFileURL)
            #expect(file.size > 0)
        }
        for slot in 0..<5 {
            #expect(try fixture.reopened().retrieve(Contact.self, forKey: "k\(slot)") == .sample(45 + slot))
        }
    }

    @Test func aBurstToOneKeyIsCoalescedAndTheLastValueWins() throws {
        let fixture = try TemporaryStore(concurrency: 1)
        // Hold the only worker on another key so the burst queues up behind it.
        let gate = DispatchSemaphore(value: 0)
        fixture.disk.setHook { operation, path in
            if operation == .write && path.contains("gate.arv") { gate.wait() }
        }
        fixture.disk.clearRecordedCalls()
        fixture.store.persistInBackground(Contact.sample(0), forKey: "gate")
        let outcomes = Outcomes()
        let completions = DispatchQueue(label: "test.burst")
        for index in 1...200 {
            fixture.store.persistInBackground(Contact.sample(index), forKey: "burst", queue: completions) {
                outcomes.record(index, $0)
            }
        }
        gate.signal()
        fixture.store.flush()
        completions.sync {}
        let renames = fixture.disk.recordedCalls.filter { $0.operation == .rename && $0.path.contains("burst.arv") }
        #expect(renames.count == 1)
        #expect(try fixture.reopened().retrieve(Contact.self, forKey: "burst") == .sample(200))
        #expect(outcomes.all.count == 200)
        #expect(outcomes.all.values.allSatisfy { (try? $0.get()) != nil })
    }

    @Test func atMostTwoFilesAreWrittenAtOnceByDefault() throws {
        let fixture = try TemporaryStore()
        #expect(fixture.store.backgroundConcurrency == 2)
        let gauge = ConcurrencyGauge()
        // Each write holds its worker briefly so overlapping writes would show.
        fixture.disk.setHook { operation, path in
            guard operation == .write, path.contains(".archivist-tmp-") else { return }
            gauge.enter()
            usleep(2_000)
            gauge.leave()
        }
        for index in 0..<40 { fixture.store.persistInBackground(Contact.sample(index), forKey: "key \(index)") }
        fixture.store.flush()
        #expect(gauge.maximum == 2)
        #expect(try fixture.store.keys().count == 40)
    }

    /// Counts how many threads are inside a section at once.
    final class ConcurrencyGauge: @unchecked Sendable {
        // @unchecked: both counters are only touched while `lock` is held.
        private let lock = NSLock()
        private var current = 0
        private var peak = 0
        func enter() { lock.withLock { current += 1; peak = max(peak, current) } }
        func leave() { lock.withLock { current -= 1 } }
        var maximum: Int { lock.withLock { peak } }
    }

    @Test func readsSeeAWriteStillInTheBackground() throws {
        let fixture = try TemporaryStore()
        for index in 0..<100 {
            fixture.store.persistInBackground(Contact.sample(index), forKey: "ryw")
            #expect(try fixture.store.retrieve(Contact.self, forKey: "ryw") == .sample(index))
            #expect(try fixture.store.contains("ryw"))
        }
        #expect(try fixture.store.keys() == ["ryw"])
        fixture.store.flush()
        #expect(try fixture.reopened().retrieve(Contact.self, forKey: "ryw") == .sample(99))
    }

    @Test func aSynchronousWriteIsOrderedAfterEarlierBackgroundWrites() throws {
        let fixture = try TemporaryStore(concurrency: 1)
        for round in 0..<20 {
            for index in 0..<10 { fixture.store.persistInBackground(Contact.sample(index), forKey: "order") }
            try fixture.store.persist(Contact.sample(1_000 + round), forKey: "order")
            fixture.store.flush()
            #expect(try fixture.reopened().retrieve(Contact.self, forKey: "order") == .sample(1_000 + round))
        }
    }

    @Test func aDeleteAfterBackgroundWritesWins() throws {
        let fixture = try TemporaryStore()
        for index in 0..<20 { fixture.store.persistInBackground(Contact.sample(index), forKey: "gone") }
        #expect(try fixture.store.delete(forKey: "gone"))
        #expect(try !fixture.store.contains("gone"))
        fixture.store.flush()
        #expect(try fixture.fileNames().isEmpty)
    }

    @Test func asyncPersistReturnsTheStoredFile() async throws {
        let fixture = try TemporaryStore()
        let file = try await fixture.store.persistInBackground(Contact.sample(3), forKey: "async")
        #expect(file.url.lastPathComponent == "async.arv")
        #expect(file.size == (try Data(contentsOf: file.url)).count)
        await fixture.store.flush()
    }

    @Test func anUnarchivableValueFailsThroughTheCompletion() async throws {
        struct Unsupported: AutoCodable { var handle: FileHandle? = nil }
        let fixture = try TemporaryStore()
        let error = await #expect(throws: PersistenceError.self) {
            try await fixture.store.persistInBackground(Unsupported(), forKey: "bad")
        }
        #expect(error?.kind == .unsupportedValue)
        #expect(error?.key == "bad")
    }
}
