import Dispatch
import Foundation
import Persistence

/// 1,000 batched sets + `synchronize()` against SQLite (WAL, `synchronous=FULL`) upserting the same
/// 1,000 rows in one transaction, measured by Python's `sqlite3` in a child process so SQLite is
/// not a dependency. Python's own per-row overhead is inside SQLite's time (it is small next to
/// the commit's flush, and it favours us); skipped, saying so, when `python3` is missing.
enum BasicStoreSQLiteProbe {
    static let id = "basic.set.batched.1000.sqlite"
    static let batches = 30

    static let script = """
        import sqlite3, sys, time
        db = sqlite3.connect(sys.argv[1], isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT)")
        rows = [("setting.%d" % (i % 100), "value %d of the benchmark's settings" % (i % 100)) for i in range(1000)]
        times = []
        for batch in range(int(sys.argv[2]) + 3):
            start = time.perf_counter()
            db.execute("BEGIN")
            db.executemany("INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)", rows)
            db.execute("COMMIT")
            times.append(time.perf_counter() - start)
        times = sorted(times[3:])
        print("%.6f %s" % (times[len(times) // 2] * 1000, sqlite3.sqlite_version))
        """

    /// Times both sides (median of ``batches`` batches each) and describes the result.
    static func measure(in directory: URL) -> BenchmarkExtra {
        do {
            let ours = try oursMilliseconds(in: directory)
            let output: String
            do {
                output = try ChildProcess.run("/usr/bin/env", ["python3", "-c", script,
                                                               directory.appendingPathComponent("sqlite.db").path, "\(batches)"])
            } catch {
                return BenchmarkExtra(id: id, summary: "SQLite skipped: python3 with sqlite3 is unavailable (\(error))",
                                      values: ["oursMilliseconds": ours], note: "skipped")
            }
            let fields = output.split(whereSeparator: \.isWhitespace)
            guard let first = fields.first, let sqlite = Double(first) else {
                return BenchmarkExtra(id: id, summary: "SQLite skipped: python3 printed \(output.prefix(80))", note: "skipped")
            }
            let version = fields.dropFirst().first.map(String.init) ?? "?"
            let ratio = sqlite / ours
            return BenchmarkExtra(
                id: id,
                summary: String(format: "1,000 batched sets + synchronize(): ours %.3f ms, SQLite %@ (WAL, synchronous=FULL, "
                                + "one transaction, via python3) %.3f ms: %.2f× ", ours, version, sqlite, ratio),
                values: ["oursMilliseconds": ours, "sqliteMilliseconds": sqlite, "speedup": ratio])
        } catch {
            return BenchmarkExtra(id: id, summary: "could not measure: \(error)", note: "failed")
        }
    }

    /// The median time of 1,000 batched sets + `synchronize()` on our store.
    private static func oursMilliseconds(in directory: URL) throws -> Double {
        let store = try BasicValueStore(fileURL: directory.appendingPathComponent("sqlite-ours.log"), durability: .atomic)
        let keys = (0 ..< 100).map { "setting.\($0)" }
        let values = keys.indices.map { BasicValue.string("value \($0) of the benchmark's settings") }
        var times: [Double] = []
        for batch in 0 ..< batches + 3 {
            let start = DispatchTime.now().uptimeNanoseconds
            for step in 0 ..< 1_000 { try store.set(values[step % 100], forKey: keys[step % 100]) }
            try store.synchronize()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if batch >= 3 { times.append(elapsed) }
        }
        times.sort()
        return times[times.count / 2]
    }
}
