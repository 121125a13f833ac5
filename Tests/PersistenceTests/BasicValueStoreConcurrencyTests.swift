import Foundation
import Testing
import TestSupport
import Persistence

/// Threads and processes sharing a store: no lost update, no torn value, every write seen.
@Suite("BasicValueStoreConcurrency")
struct BasicValueStoreConcurrencyTests {
    static let threads = 8
    static let iterations = 300

    /// What thread `thread` writes at iteration `iteration`: parseable back into both numbers.
    private static func text(_ thread: Int, _ iteration: Int) -> String { "thread \(thread) iteration \(iteration)" }

    private static func isWellFormed(_ value: BasicValue?) -> Bool {
        guard let value else { return true }
        guard let text = value.stringValue else { return false }
        let parts = text.split(separator: " ")
        return parts.count == 4 && parts[0] == "thread" && Int(parts[1]) != nil && Int(parts[3]) != nil
    }

    /// Eight threads mix set, get, remove and update on shared keys, through one or two stores.
    private func hammer(_ stores: [BasicValueStore]) throws {
        let failures = BasicFailureCounter()
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            let store = stores[thread % stores.count]
            var random = SeededRandom(seed: UInt64(thread) + 100)
            do {
                for iteration in 0 ..< Self.iterations {
                    let shared = "shared\(random.below(4))"
                    switch random.below(4) {
                    case 0: try store.set(Self.text(thread, iteration), forKey: shared)
                    case 1: if !Self.isWellFormed(store.value(forKey: shared)) { failures.add() }
                    case 2: try store.removeValue(forKey: shared)
                    default: try store.set(Self.text(thread, iteration), forKey: "own\(thread)")
                    }
                    // Every iteration increments the shared counter once.
                    try store.update(forKey: "counter") { value in value = .integer((value?.integerValue ?? 0) + 1) }
                }
            } catch {
                failures.add()
            }
        }
        #expect(failures.count == 0)
    }

    @Test func eightThreadsOnOneStoreLoseNoUpdate() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let store = try BasicValueStore(fileURL: url, durability: .atomic, compaction:
            BasicCompactionPolicy(minimumFileSize: 16 << 10, garbageRatio: 0.5), fileSystem: SystemFileSystem())
        try hammer([store])
        #expect(store.integer(forKey: "counter") == Self.threads * Self.iterations)
        #expect(store.statistics.compactions > 0)
        let reopened = try BasicValueStore(fileURL: url)
        #expect(reopened.dictionaryRepresentation() == store.dictionaryRepresentation())
        for thread in 0 ..< Self.threads {
            #expect(Self.isWellFormed(reopened.value(forKey: "own\(thread)")))
        }
    }

    @Test func twoStoresOnOneFileLoseNoUpdate() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let policy = BasicCompactionPolicy(minimumFileSize: 16 << 10, garbageRatio: 0.5)
        let first = try BasicValueStore(fileURL: url, durability: .atomic, compaction: policy, fileSystem: SystemFileSystem())
        let second = try BasicValueStore(fileURL: url, durability: .atomic, compaction: policy, fileSystem: SystemFileSystem())
        try hammer([first, second])
        #expect(first.integer(forKey: "counter") == Self.threads * Self.iterations)
        #expect(first.dictionaryRepresentation() == second.dictionaryRepresentation())
    }

    @Test func aSecondStoreSeesWritesRemovalsAndRemoveAll() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let writer = try BasicValueStore(fileURL: url, durability: .atomic)
        let reader = try BasicValueStore(fileURL: url, durability: .atomic)
        try writer.set("hello", forKey: "greeting")
        #expect(reader.string(forKey: "greeting") == "hello")
        try writer.removeValue(forKey: "greeting")
        #expect(reader.string(forKey: "greeting") == nil)
        try writer.set(1, forKey: "a")
        try writer.removeAll()
        try writer.set(2, forKey: "b")
        #expect(reader.keys == ["b"])
    }

    @Test func processesIncrementingTogetherLoseNoUpdate() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let child = try #require(CrashChild.url, "archivist-crash-child was not built")
        let perProcess = 300
        let store = try BasicValueStore(fileURL: url, durability: .atomic)
        var processes: [Process] = []
        for _ in 0 ..< 2 {
            let process = Process()
            process.executableURL = child
            process.arguments = ["basic-increment", url.path, "\(perProcess)"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            processes.append(process)
        }
        for _ in 0 ..< perProcess {
            try store.update(forKey: "counter") { value in value = .integer((value?.integerValue ?? 0) + 1) }
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        }
        #expect(store.integer(forKey: "counter") == 3 * perProcess)
        #expect(try BasicValueStore(fileURL: url).integer(forKey: "counter") == 3 * perProcess)
    }
}
