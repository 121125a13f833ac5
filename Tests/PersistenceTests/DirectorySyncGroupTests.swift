import Foundation
import Persistence
import Testing

/// Group commit of directory flushes: concurrent durable renames share `fsync`s of their
/// directory, and none returns before a flush that began after it was called.
@Suite struct DirectorySyncGroupTests {
    /// When each flush began, on one clock shared with the callers.
    private final class Ledger: @unchecked Sendable {
        // @unchecked: every field is only touched while `lock` is held.
        private let lock = NSLock()
        private var clock = 0
        private var flushes: [Int] = []

        func tick() -> Int { lock.withLock { clock += 1; return clock } }
        func began() { lock.withLock { clock += 1; flushes.append(clock) } }
        var count: Int { lock.withLock { flushes.count } }
        /// Whether a flush began between the two moments.
        func flushBegan(after start: Int, before end: Int) -> Bool {
            lock.withLock { flushes.contains { $0 > start && $0 < end } }
        }
    }

    @Test func concurrentCallersShareFlushesAndEachReturnsAfterAFlushThatBeganAfterIt() throws {
        let directory = try TemporaryDirectoryHolder()
        let ledger = Ledger()
        let fileSystem = FaultInjectingFileSystem()
        let firstEntered = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        fileSystem.setHook { operation, _ in
            guard operation == .syncDirectory else { return }
            ledger.began()
            if ledger.count == 1 {
                // Hold the first flush until every other caller is waiting behind it.
                firstEntered.signal()
                releaseFirst.wait()
            }
        }
        let group = DirectorySyncGroup()
        let callers = 8
        let results = StateLock([Bool](repeating: false, count: callers))
        let done = DispatchGroup()
        func call(_ index: Int) {
            done.enter()
            Thread.detachNewThread {
                let before = ledger.tick()
                let succeeded = (try? group.syncDirectory(directory.url.path, with: fileSystem)) != nil
                let after = ledger.tick()
                results.withLock { $0[index] = succeeded && ledger.flushBegan(after: before, before: after) }
                done.leave()
            }
        }
        call(0)
        firstEntered.wait()
        for index in 1..<callers { call(index) }
        usleep(200_000)  // the others announce themselves and wait behind the running flush
        releaseFirst.signal()
        done.wait()
        #expect(results.withLock { $0 } == [Bool](repeating: true, count: callers))
        #expect(ledger.count >= 2)
        #expect(ledger.count < callers, "every caller paid its own flush: \(ledger.count)")
    }

    @Test func aFailedFlushIsReportedAndTheNextCallFlushesAgain() throws {
        let directory = try TemporaryDirectoryHolder()
        let fileSystem = FaultInjectingFileSystem()
        fileSystem.inject(FileSystemFault(.syncDirectory, code: EIO, times: 1))
        let group = DirectorySyncGroup()
        let error = #expect(throws: SystemCallError.self) {
            try group.syncDirectory(directory.url.path, with: fileSystem)
        }
        #expect(error?.code == EIO)
        #expect(throws: Never.self) { try group.syncDirectory(directory.url.path, with: fileSystem) }
    }

    @Test func aDurableWriteThroughTheAtomicWriterFlushesTheDirectory() throws {
        let directory = try TemporaryDirectoryHolder()
        let fileSystem = FaultInjectingFileSystem()
        let writer = AtomicFileWriter(fileSystem: fileSystem)
        try writer.write(Data("x".utf8), to: directory.url.appendingPathComponent("f").path, durability: .full)
        #expect(fileSystem.recordedCalls.map(\.operation).last == .syncDirectory)
        fileSystem.inject(FileSystemFault(.syncDirectory, code: EIO, times: 1))
        #expect(throws: SystemCallError.self) {
            try writer.write(Data("y".utf8), to: directory.url.appendingPathComponent("f").path, durability: .full)
        }
    }
}

