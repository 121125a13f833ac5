import Foundation
import Persistence

/// The basic-value store against `UserDefaults` with a private suite, both holding the same 100
/// settings: a durable set (`fsync` per write against `set` + `synchronize()`, which on Linux
/// rewrites the suite's plist and `fsync`s it), the same set with batched durability (appended,
/// visible to other processes and safe from a crash of this one, but not flushed: a weaker
/// guarantee than the baseline's, labelled as such), and a get; and the durable set again with
/// 1,000 settings, where rewriting the whole file costs `UserDefaults` more and appending costs
/// us the same.
enum BasicStoreBenchmarks: BenchmarkSuite {
    static let ids = ["basic.set", "basic.set.batched", "basic.get", "basic.set.1000"]

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        var result: [Comparison] = []
        if ids.dropLast().contains(where: wanted) { result += try comparisons(settings: 100, suffix: "") }
        if wanted("basic.set.1000") {
            result += try comparisons(settings: 1_000, suffix: ".1000").filter { $0.id == "basic.set.1000" }
        }
        return result.filter { wanted($0.id) }
    }

    /// The rows for stores holding `settings` settings, their ids ending in `suffix`.
    private static func comparisons(settings: Int, suffix: String) throws -> [Comparison] {
        let fixture = try BasicStoreBenchmarkFixture(settings: settings)
        let keys = fixture.keys
        let store = fixture.store
        let batched = fixture.batchedStore
        let defaults = fixture.defaults
        let ourCursor = BasicStoreBenchmarkCursor()
        let theirCursor = BasicStoreBenchmarkCursor()
        return [
            Comparison(
                id: "basic.set\(suffix)", baseline: "UserDefaults set + synchronize()", bytes: fixture.valueBytes,
                ours: {
                    let step = ourCursor.next()
                    try store.set(step, forKey: keys[step % keys.count])
                },
                baseline: {
                    let step = theirCursor.next()
                    defaults.set(step, forKey: keys[step % keys.count])
                    blackHole(defaults.synchronize())
                }),
            Comparison(
                id: "basic.set.batched\(suffix)", baseline: "UserDefaults set + synchronize() (ours: no fsync)",
                bytes: fixture.valueBytes,
                ours: {
                    let step = ourCursor.next()
                    try batched.set(step, forKey: keys[step % keys.count])
                },
                baseline: {
                    let step = theirCursor.next()
                    defaults.set(step, forKey: keys[step % keys.count])
                    blackHole(defaults.synchronize())
                }),
            Comparison(
                id: "basic.get\(suffix)", baseline: "UserDefaults", bytes: fixture.valueBytes,
                ours: { blackHole(store.string(forKey: keys[ourCursor.next() % keys.count])) },
                baseline: { blackHole(defaults.string(forKey: keys[theirCursor.next() % keys.count])) }),
        ]
    }
}
