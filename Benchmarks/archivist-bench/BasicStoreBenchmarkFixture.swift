import Foundation
import Persistence

/// The two stores the basic-value benchmarks compare, filled with the same 100 settings, in places
/// removed when the process exits: a temporary directory and a private `UserDefaults` suite.
struct BasicStoreBenchmarkFixture {
    /// The settings' keys.
    let keys: [String]
    /// Our store, `fsync` per write.
    let store: BasicValueStore
    /// Our store on another file, `fsync` only on `synchronize()`.
    let batchedStore: BasicValueStore
    /// The baseline.
    let defaults: UserDefaults
    /// The size of one stored setting (key and value as UTF-8), for the table's bytes column.
    let valueBytes: Int

    /// Where the fixture lives, for the exit-time cleanup (a C callback cannot capture context).
    nonisolated(unsafe) private static var cleanup: (directory: URL, suite: String)?

    init() throws {
        let suite = "archivist-bench-basic-\(ProcessInfo.processInfo.processIdentifier)"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(suite, isDirectory: true)
        Self.cleanup = (directory, suite)
        atexit {
            guard let cleanup = BasicStoreBenchmarkFixture.cleanup else { return }
            try? FileManager.default.removeItem(at: cleanup.directory)
            UserDefaults.standard.removePersistentDomain(forName: cleanup.suite)
        }
        guard let defaults = UserDefaults(suiteName: suite) else {
            throw BasicStoreBenchmarkFailure(description: "UserDefaults(suiteName: \(suite)) returned nil")
        }
        self.defaults = defaults
        store = try BasicValueStore(fileURL: directory.appendingPathComponent("durable.log"), durability: .everyWrite)
        batchedStore = try BasicValueStore(fileURL: directory.appendingPathComponent("batched.log"), durability: .batched)
        keys = (0 ..< 100).map { "setting.\($0)" }
        for (index, key) in keys.enumerated() {
            let value = "value \(index) of the benchmark's settings"
            try store.set(value, forKey: key)
            try batchedStore.set(value, forKey: key)
            defaults.set(value, forKey: key)
        }
        try batchedStore.synchronize()
        defaults.synchronize()
        valueBytes = keys[0].utf8.count + 8
    }
}
