import Dispatch
import Foundation
@testable import Persistence
import Testing
import TestSupport

/// The ordered lanes of the background writer that every store and the cache run their disk work on.
@Suite struct BackgroundWriterLaneTests {
    /// Records what jobs did, from any thread.
    final class Journal: @unchecked Sendable {
        // @unchecked: `entries` is only touched while `lock` is held.
        private let lock = NSLock()
        private var entries: [String] = []
        func append(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    private func makeWriter(concurrency: Int = 4) -> BackgroundWriter {
        BackgroundWriter(writer: AtomicFileWriter(fileSystem: SystemFileSystem()), maximumConcurrency: concurrency,
                         label: "test.background-writer")
    }

    @Test func jobsOfOneLaneRunInTheOrderTheyWereAcceptedEvenWithManyWorkers() {
        let writer = makeWriter(concurrency: 8)
        let journal = Journal()
        for index in 0..<2_000 {
            writer.enqueue(lane: "lane") { journal.append("\(index)") }
        }
        writer.flush()
        #expect(journal.all == (0..<2_000).map { "\($0)" })
    }

    @Test func jobsOfOneLaneNeverOverlap() {
        let writer = makeWriter(concurrency: 8)
        let active = Journal()
        let overlaps = Journal()
        let running = OverlapCounter()
        for _ in 0..<200 {
            writer.enqueue(lane: "lane") {
                if running.increment() != 1 { overlaps.append("overlap") }
                Thread.sleep(forTimeInterval: 0.000_05)
                running.decrement()
                active.append("ran")
            }
        }
        writer.flush()
        #expect(active.all.count == 200)
        #expect(overlaps.all.isEmpty)
    }

    @Test func differentLanesRunAtTheSameTime() {
        let writer = makeWriter(concurrency: 2)
        let bothStarted = DispatchGroup()
        bothStarted.enter()
        bothStarted.enter()
        let release = DispatchSemaphore(value: 0)
        let journal = Journal()
        for lane in ["a", "b"] {
            writer.enqueue(lane: lane) {
                bothStarted.leave()
                release.wait()
                journal.append(lane)
            }
        }
        // Each job waits for the other to start: this only finishes if both lanes run at once.
        let started = bothStarted.wait(timeout: .now() + 30)
        release.signal()
        release.signal()
        writer.flush()
        #expect(started == .success)
        #expect(Set(journal.all) == ["a", "b"])
    }

    @Test func aLaneFlushWaitsForEveryEarlierJobOfThatLaneOnly() {
        let writer = makeWriter(concurrency: 2)
        let journal = Journal()
        let holdOther = DispatchSemaphore(value: 0)
        writer.enqueue(lane: "other") {
            holdOther.wait()
            journal.append("other")
        }
        for index in 0..<50 {
            writer.enqueue(lane: "mine") { journal.append("mine \(index)") }
        }
        writer.flush(lane: "mine")
        // Everything of "mine" is done although "other" is still held back.
        #expect(journal.all == (0..<50).map { "mine \($0)" })
        holdOther.signal()
        writer.flush()
        #expect(journal.all.last == "other")
        // Flushing a lane with no jobs returns at once.
        writer.flush(lane: "nothing here")
    }

    @Test func aJobInAFilesLaneRunsAfterTheWritesAcceptedBeforeItAndBeforeLaterOnes() throws {
        let directory = try TemporaryDirectoryHolder()
        let path = directory.url.appendingPathComponent("file").path
        let writer = makeWriter()
        let seen = Journal()
        writer.enqueue(Data("first".utf8), to: path, key: nil, durability: .atomic, queue: nil) { _ in }
        writer.enqueue(lane: path) {
            seen.append((try? String(contentsOfFile: path, encoding: .utf8)) ?? "missing")
        }
        writer.enqueue(Data("second".utf8), to: path, key: nil, durability: .atomic, queue: nil) { _ in }
        writer.flush()
        #expect(seen.all == ["first"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(writer.pendingContents(of: path) == nil)
    }

    @Test func writesQueuedBehindOneAnotherAreCoalescedAndEveryCallerHearsBack() throws {
        let directory = try TemporaryDirectoryHolder()
        let path = directory.url.appendingPathComponent("file").path
        let writer = makeWriter()
        let hold = DispatchSemaphore(value: 0)
        writer.enqueue(lane: path) { hold.wait() }
        let outcomes = Journal()
        for index in 0..<100 {
            writer.enqueue(Data("v\(index)".utf8), to: path, key: "k", durability: .atomic, queue: nil) { result in
                switch result {
                case .success(let file): outcomes.append("ok \(file.size)")
                case .failure(let error): outcomes.append("failed \(error)")
                }
            }
        }
        #expect(writer.pendingContents(of: path) == .some(Data("v99".utf8)))
        hold.signal()
        writer.flush()
        // One write of the newest contents reported to all hundred callers.
        #expect(outcomes.all == Array(repeating: "ok 3", count: 100))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "v99")
    }

    @Test func aWriteAfterAJobIsNotMergedIntoAWriteBeforeIt() throws {
        let directory = try TemporaryDirectoryHolder()
        let path = directory.url.appendingPathComponent("file").path
        let writer = makeWriter()
        let hold = DispatchSemaphore(value: 0)
        let seen = Journal()
        writer.enqueue(lane: path) { hold.wait() }
        writer.enqueue(Data("before".utf8), to: path, key: nil, durability: .atomic, queue: nil) { _ in }
        writer.enqueue(lane: path) { seen.append((try? String(contentsOfFile: path, encoding: .utf8)) ?? "missing") }
        writer.enqueue(Data("after".utf8), to: path, key: nil, durability: .atomic, queue: nil) { _ in }
        hold.signal()
        writer.flush()
        #expect(seen.all == ["before"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "after")
    }
}

/// A counter for the overlap test.
final class OverlapCounter: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = 0
    @discardableResult func increment() -> Int { lock.withLock { value += 1; return value } }
    func decrement() { lock.withLock { value -= 1 } }
}
