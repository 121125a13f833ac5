import AutoCoding
import Foundation
import Persistence

/// What the archive-store mode writes: the generation, repeated in a filler whose length varies,
/// so a value mixing two writes cannot pass the parent's consistency check.
struct CrashRecord: AutoCodable {
    var key = ""
    var generation = 0
    var filler = ""
    var checksum = 0

    /// The record of `key` at `generation`.
    static func make(key: String, generation: Int) -> CrashRecord {
        let filler = String(repeating: "\(generation)|", count: generation % 97 + 1)
        return CrashRecord(key: key, generation: generation, filler: filler, checksum: filler.utf8.count &* 31 &+ generation)
    }
}

/// `archive-store DIRECTORY SEED`: opens an ``ArchiveStore`` in DIRECTORY and rewrites eight keys
/// forever (starting with key SEED mod 8), each generation one higher than the highest already
/// stored; every third generation goes through background writes and `flush()`, the others
/// through `persist`.
enum ArchiveStoreMode: CrashChildMode {
    static let name = "archive-store"

    static func run(_ arguments: [String]) throws {
        let directory = try argument(arguments, 0, "DIRECTORY")
        // Masked: a non-negative offset whatever the argument says.
        let seed = (Int(try argument(arguments, 1, "SEED")) ?? 0) & 0xFFFF
        let store = try ArchiveStore(name: "crash", location: .directory(URL(fileURLWithPath: directory)))
        let keys = (0..<8).map { "key \($0)" }
        var generation = 0
        for key in keys {
            if let record = try store.retrieveIfPresent(CrashRecord.self, forKey: key) {
                generation = max(generation, record.generation)
            }
        }
        // Each run starts with another key, so short-lived runs still reach every key.
        let order = (0..<keys.count).map { keys[($0 + seed) % keys.count] }
        announceReady()
        while true {
            generation += 1
            if (generation + seed) % 3 == 0 {
                for key in order { store.persistInBackground(CrashRecord.make(key: key, generation: generation), forKey: key) }
                store.flush()
            } else {
                for key in order { try store.persist(CrashRecord.make(key: key, generation: generation), forKey: key) }
            }
        }
    }
}
