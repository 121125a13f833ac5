import Foundation
import Testing
import TestSupport
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Durable sets from many threads share flushes (group commit): each still returns only once its
/// record is durable, a failed shared flush fails exactly the writers whose records it undid,
/// and a kill never loses an acknowledged set.
@Suite("BasicValueStoreGroupCommit")
struct BasicValueStoreGroupCommitTests {
    static let threads = 8

    @Test func concurrentDurableSetsAllLand() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let store = try BasicValueStore(fileURL: url, durability: .full,
                                        compaction: BasicCompactionPolicy(minimumFileSize: 4 << 10, garbageRatio: 0.5),
                                        fileSystem: SystemFileSystem())
        let failures = BasicFailureCounter()
        Self.onThreads { thread in
            for n in 0 ..< 150 {
                do {
                    try store.set(n, forKey: "t\(thread).\(n % 10)")
                    try store.set(n, forKey: "last\(thread)")
                    // A get between the sets of others sees this thread's own write.
                    if store.integer(forKey: "last\(thread)") != n { failures.add() }
                } catch {
                    failures.add()
                }
            }
        }
        #expect(failures.count == 0)
        #expect(store.statistics.compactions > 0)
        let reopened = try BasicValueStore(fileURL: url)
        #expect(reopened.dictionaryRepresentation() == store.dictionaryRepresentation())
        for thread in 0 ..< Self.threads {
            #expect(reopened.integer(forKey: "last\(thread)") == 149)
            for slot in 0 ..< 10 { #expect(reopened.integer(forKey: "t\(thread).\(slot)") == 140 + slot) }
        }
    }

    @Test func aFailedSharedFlushFailsExactlyTheWritersItUndid() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let disk = FaultInjectingFileSystem()
        let store = try BasicValueStore(fileURL: url, durability: .full, compaction: .standard, fileSystem: disk)
        try store.set("before", forKey: "before")
        let outcomes = Outcomes()
        Self.onThreads { thread in
            for n in 0 ..< 40 {
                if thread == 0 && n == 10 {
                    disk.inject(FileSystemFault(.sync, code: EIO, pathContains: "values.log", times: 1))
                }
                let key = "t\(thread).\(n)"
                do {
                    try store.set(n, forKey: key)
                    outcomes.add(key, succeeded: true)
                } catch let error as PersistenceError {
                    outcomes.add(key, succeeded: error.kind == .io && error.key == key ? false : nil)
                } catch {
                    outcomes.add(key, succeeded: nil)
                }
            }
        }
        let (succeeded, failed, unexpected) = outcomes.split()
        #expect(unexpected.isEmpty, "errors other than the injected EIO: \(unexpected)")
        #expect(!failed.isEmpty)
        #expect(succeeded.count + failed.count == Self.threads * 40)
        let reopened = try BasicValueStore(fileURL: url)
        for store in [store, reopened] {
            #expect(store.string(forKey: "before") == "before")
            for key in succeeded { #expect(store.value(forKey: key) != nil, "\(key) was acknowledged") }
            for key in failed { #expect(store.value(forKey: key) == nil, "\(key) failed but is stored") }
        }
        // The store keeps working once the disk does.
        try store.set(1, forKey: "after")
        #expect(try BasicValueStore(fileURL: url).integer(forKey: "after") == 1)
    }

    @Test func everyAcknowledgedSetSurvivesAKill() throws {
        let directory = try TemporaryDirectory()
        let child = try #require(CrashChild.url, "archivist-crash-child was not built")
        var random = SeededRandom(seed: 0x6C0)
        var acknowledgedTotal = 0
        for round in 0 ..< 12 {
            let process = Process()
            process.executableURL = child
            process.arguments = ["basic-group-commit", directory.url.path, "\(Self.threads)"]
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            let collected = PipeCollector(output.fileHandleForReading)
            try process.run()
            try collected.waitForReady()
            usleep(UInt32(random.inRange(2_000 ... 40_000)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal,
                    "round \(round): \(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
            // Every line printed was printed after its set returned.
            var highest: [String: Int] = [:]
            for line in String(decoding: collected.finish(), as: UTF8.self).split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count == 2, let thread = Int(fields[0]), let n = Int(fields[1]) else { continue }
                let key = "t\(thread).\(n % 50)"
                highest[key] = max(highest[key] ?? 0, n)
                acknowledgedTotal += 1
            }
            let store = try BasicValueStore(fileURL: directory.file("values.log"))
            for (key, n) in highest {
                let stored = store.integer(forKey: key)
                #expect(stored >= n, "round \(round): \(key) acknowledged \(n), stored \(stored)")
            }
        }
        #expect(acknowledgedTotal > 0)
    }

    /// Runs `body` on `threads` real threads at once (`concurrentPerform` would run only as many
    /// as there are cores, and group commit needs writers waiting together).
    private static func onThreads(_ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchGroup()
        for thread in 0 ..< threads {
            done.enter()
            Thread.detachNewThread {
                body(thread)
                done.leave()
            }
        }
        done.wait()
    }

    /// Which keys' sets returned, failed with the injected error, or failed otherwise (`nil`).
    private final class Outcomes: @unchecked Sendable {
        // @unchecked: `results` is only touched while `lock` is held.
        private let lock = NSLock()
        private var results: [(key: String, succeeded: Bool?)] = []

        func add(_ key: String, succeeded: Bool?) { lock.withLock { results.append((key, succeeded)) } }

        func split() -> (succeeded: [String], failed: [String], unexpected: [String]) {
            lock.withLock {
                (results.filter { $0.succeeded == true }.map(\.key), results.filter { $0.succeeded == false }.map(\.key),
                 results.filter { $0.succeeded == nil }.map(\.key))
            }
        }
    }

    /// Reads a pipe on another thread until end of file, so the child never blocks on a full pipe.
    private final class PipeCollector: @unchecked Sendable {
        // @unchecked: `data` is only touched while `condition` is locked.
        private let condition = NSCondition()
        private var data = Data()
        private var ended = false

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    condition.lock()
                    if chunk.isEmpty { ended = true } else { data.append(chunk) }
                    condition.broadcast()
                    condition.unlock()
                    if chunk.isEmpty { return }
                }
            }
        }

        /// Waits for the child's `ready` line.
        func waitForReady() throws {
            condition.lock()
            defer { condition.unlock() }
            while !data.contains(UInt8(ascii: "\n")) && !ended { condition.wait() }
            guard String(decoding: data, as: UTF8.self).hasPrefix("ready") else {
                throw CrashChild.Failure(description: "the child exited before it was ready")
            }
        }

        /// Everything the child printed, once it is gone.
        func finish() -> Data {
            condition.lock()
            defer { condition.unlock() }
            while !ended { condition.wait() }
            return data
        }
    }
}
