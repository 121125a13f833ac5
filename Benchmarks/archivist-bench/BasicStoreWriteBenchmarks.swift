import Dispatch
import Foundation
import Persistence

/// The basic-value store's writes against the physical limit: bare `write` calls on a file opened
/// for appending, of the same record bytes, and `fdatasync`.
///
/// - `basic.set.append`: one durable set against one append + `fdatasync`.
/// - `basic.set.batched.1000`: 1,000 batched sets + `synchronize()` against 1,000 appends + one
///   `fdatasync` (SQLite doing the same in one transaction is printed after the table).
/// - `basic.set.concurrent`: 8 threads × 1,000 durable sets on one store (flushes shared by group
///   commit) against the same appends each paying its own flush.
enum BasicStoreWriteBenchmarks: BenchmarkSuite {
    static let ids = ["basic.set.append", "basic.set.batched.1000", "basic.set.concurrent",
                      BasicStoreSQLiteProbe.id]
    static let threads = 8
    static let setsPerThread = 1_000

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        let root = try directory()
        let keys = (0 ..< 100).map { "setting.\($0)" }
        let values = keys.indices.map { BasicValue.string("value \($0) of the benchmark's settings") }
        let records = try keys.indices.map { index in
            guard let framed = BasicLogRecord(key: keys[index], value: values[index]).framed() else {
                throw BasicStoreBenchmarkFailure(description: "a benchmark record does not frame")
            }
            return framed
        }
        var result: [Comparison] = []
        if wanted("basic.set.append") {
            let store = try BasicValueStore(fileURL: root.appendingPathComponent("append.log"), durability: .full)
            let raw = try RawAppendLog(path: root.appendingPathComponent("append-raw.log").path)
            let ours = BasicStoreBenchmarkCursor()
            let theirs = BasicStoreBenchmarkCursor()
            result.append(Comparison(
                id: "basic.set.append", baseline: "append of the same record + fdatasync", bytes: records[0].count,
                ours: {
                    let step = ours.next() % keys.count
                    try store.set(values[step], forKey: keys[step])
                },
                baseline: {
                    let step = theirs.next()
                    if step % 100_000 == 0 { raw.reset() }
                    try raw.append(records[step % keys.count])
                    try raw.sync()
                }))
        }
        if wanted("basic.set.batched.1000") {
            let store = try BasicValueStore(fileURL: root.appendingPathComponent("batched.log"), durability: .atomic)
            let raw = try RawAppendLog(path: root.appendingPathComponent("batched-raw.log").path)
            result.append(Comparison(
                id: "basic.set.batched.1000", baseline: "1,000 appends of the same records + one fdatasync",
                bytes: records.reduce(0) { $0 + $1.count } * 10,
                ours: {
                    for step in 0 ..< 1_000 { try store.set(values[step % keys.count], forKey: keys[step % keys.count]) }
                    try store.synchronize()
                },
                baseline: {
                    raw.reset()
                    for step in 0 ..< 1_000 { try raw.append(records[step % keys.count]) }
                    try raw.sync()
                }))
        }
        if wanted("basic.set.concurrent") {
            let store = try BasicValueStore(fileURL: root.appendingPathComponent("concurrent.log"), durability: .full)
            let raw = try RawAppendLog(path: root.appendingPathComponent("concurrent-raw.log").path)
            result.append(Comparison(
                id: "basic.set.concurrent", baseline: "the same 8 × 1,000 appends, each paying its own fdatasync",
                bytes: records[0].count * threads * setsPerThread,
                ours: {
                    try concurrently { _, step in try store.set(values[step % keys.count], forKey: keys[step % keys.count]) }
                },
                baseline: {
                    raw.reset()
                    try concurrently { _, step in try raw.appendAndSyncSerialized(records[step % keys.count]) }
                }))
        }
        return result
    }

    static func extras(matching wanted: (String) -> Bool) throws -> [BenchmarkExtra] {
        guard wanted(BasicStoreSQLiteProbe.id) else { return [] }
        return [BasicStoreSQLiteProbe.measure(in: try directory())]
    }

    /// Runs `body(thread, step)` for `setsPerThread` steps on each of `threads` threads at once
    /// (real threads: `concurrentPerform` would run only as many as there are cores).
    private static func concurrently(_ body: @escaping @Sendable (Int, Int) throws -> Void) throws {
        try BenchmarkThreads.run(threads) { thread in
            for step in 0 ..< setsPerThread { try body(thread, thread * 7 + step) }
        }
    }

    /// The suite's scratch directory, removed when the process exits.
    private static func directory() throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("archivist-bench-basic-write-\(ProcessInfo.processInfo.processIdentifier)")
        if !FileManager.default.fileExists(atPath: root.path) {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            atexit {
                try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory
                    .appendingPathComponent("archivist-bench-basic-write-\(ProcessInfo.processInfo.processIdentifier)"))
            }
        }
        return root
    }
}
