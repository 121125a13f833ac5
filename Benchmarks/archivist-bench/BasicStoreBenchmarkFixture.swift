import Foundation
import Persistence

/// The stores the basic-value benchmarks compare, filled with the same settings, in places removed
/// when the process exits: a temporary directory and a private `UserDefaults` suite.
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

    /// Where the fixtures live, for the exit-time cleanup (a C callback cannot capture context).
    nonisolated(unsafe) private static var cleanup: [(directory: URL, suite: String)] = []

    /// Builds both stores with `count` settings.
    ///
    /// - Parameter count: How many settings the stores hold.
    /// - Throws: When a store cannot be created or filled.
    init(settings count: Int) throws {
        let suite = "archivist-bench-basic-\(count)-\(ProcessInfo.processInfo.processIdentifier)"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(suite, isDirectory: true)
        if Self.cleanup.isEmpty {
            atexit {
                for cleanup in BasicStoreBenchmarkFixture.cleanup {
                    try? FileManager.default.removeItem(at: cleanup.directory)
                    UserDefaults.standard.removePersistentDomain(forName: cleanup.suite)
                }
            }
        }
        Self.cleanup.append((directory, suite))
        guard let defaults = UserDefaults(suiteName: suite) else {
            throw BasicStoreBenchmarkFailure(description: "UserDefaults(suiteName: \(suite)) returned nil")
        }
        self.defaults = defaults
        keys = (0 ..< count).map { "setting.\($0)" }
        let durableURL = directory.appendingPathComponent("durable.log")
        // Filled in one batch (one fsync), then reopened with the durability under test.
        let filling = try BasicValueStore(fileURL: durableURL, durability: .atomic)
        batchedStore = try BasicValueStore(fileURL: directory.appendingPathComponent("batched.log"), durability: .atomic)
        for (index, key) in keys.enumerated() {
            let value = "value \(index) of the benchmark's settings"
            try filling.set(value, forKey: key)
            try batchedStore.set(value, forKey: key)
            defaults.set(value, forKey: key)
        }
        try filling.synchronize()
        try batchedStore.synchronize()
        defaults.synchronize()
        store = try BasicValueStore(fileURL: durableURL, durability: .full)
        valueBytes = keys[0].utf8.count + 8
    }
}
