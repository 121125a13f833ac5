import Foundation
import Persistence

/// `basic-group-commit DIRECTORY THREADS`: THREADS threads make durable sets on one basic-value
/// store (``WriteDurability/full``, so their flushes are shared by group commit)
/// and print `<thread> <n>` on standard output after each set returns, until killed.
///
/// Thread `t` sets key `t<t>.<n % 50>` to `n` for n = 1, 2, …, continuing after the highest value
/// the store holds for it; the overwrites make garbage, and the small compaction threshold (8 KiB)
/// makes kills land in compactions too. The parent checks that every acknowledged set survived.
enum BasicGroupCommitMode: CrashChildMode {
    static let name = "basic-group-commit"
    /// Keys per thread.
    static let slots = 50

    static func run(_ arguments: [String]) throws {
        let directory = try argument(arguments, 0, "DIRECTORY")
        let threads = Int(try argument(arguments, 1, "THREADS")) ?? 8
        let store = try BasicValueStore(
            fileURL: URL(fileURLWithPath: directory).appendingPathComponent("values.log"),
            durability: .full,
            compaction: BasicCompactionPolicy(minimumFileSize: 8 << 10, garbageRatio: 0.5),
            fileSystem: SystemFileSystem())
        let existing = store.dictionaryRepresentation()
        announceReady()
        // Real threads: `concurrentPerform` would run only as many at once as there are cores.
        for thread in 0 ..< threads {
            Thread.detachNewThread { write(on: store, thread: thread, after: existing) }
        }
        while true { sleep(60) }
    }

    /// Thread `thread`'s endless sets, continuing after what `existing` holds.
    private static func write(on store: BasicValueStore, thread: Int, after existing: [String: BasicValue]) -> Never {
        var n = (0 ..< slots).compactMap { existing["t\(thread).\($0)"]?.integerValue }.max() ?? 0
        while true {
            n += 1
            do {
                try store.set(n, forKey: "t\(thread).\(n % slots)")
            } catch {
                FileHandle.standardError.write(Data("thread \(thread): \(error)\n".utf8))
                exit(1)
            }
            // One write(2) per line, under PIPE_BUF: lines from threads never interleave.
            FileHandle.standardOutput.write(Data("\(thread) \(n)\n".utf8))
        }
    }
}
