import Foundation
import Persistence

/// The basic-value store against `UserDefaults` with a private suite, both holding the same 100
/// settings: a durable set (`fsync` per write against `set` + `synchronize()`, which on Linux
/// rewrites the suite's plist and `fsync`s it), the same set with batched durability (appended,
/// visible to other processes and safe from a crash of this one, but not flushed: a weaker
/// guarantee than the baseline's, labelled as such), and a get.
enum BasicStoreBenchmarks: BenchmarkSuite {
    static let ids = ["basic.set", "basic.get", "basic.set.batched"]

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        guard ids.contains(where: wanted) else { return [] }
        let fixture = try BasicStoreBenchmarkFixture()
        let keys = fixture.keys
        let store = fixture.store
        let batched = fixture.batchedStore
        let defaults = fixture.defaults
        let ourCursor = BasicStoreBenchmarkCursor()
        let theirCursor = BasicStoreBenchmarkCursor()
        return [
            Comparison(
                id: "basic.set", baseline: "UserDefaults set + synchronize()", bytes: fixture.valueBytes,
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
                id: "basic.set.batched", baseline: "UserDefaults set + synchronize() (ours: no fsync)",
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
                id: "basic.get", baseline: "UserDefaults", bytes: fixture.valueBytes,
                ours: { blackHole(store.string(forKey: keys[ourCursor.next() % keys.count])) },
                baseline: { blackHole(defaults.string(forKey: keys[theirCursor.next() % keys.count])) }),
        ].filter { wanted($0.id) }
    }
}
