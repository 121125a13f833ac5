import BasicStoreWorkload
import Foundation
import Testing
import TestSupport
import Persistence

/// The crash-consistency test: a child process runs ``BasicStoreWorkload`` and is killed with
/// `SIGKILL` at seeded random moments; after every kill the store must open cleanly and hold
/// exactly the state after some prefix of the workload, never less than after the previous kill.
@Suite("BasicValueStoreCrash")
struct BasicValueStoreCrashTests {
    static let kills = 80

    @Test func everyKillLeavesACompletePrefixOfTheWrites() throws {
        let directory = try TemporaryDirectory()
        let scratch = try TemporaryDirectory()
        var random = SeededRandom(seed: 0xC0FFEE)
        var lastPrefix = 0
        var progressed = 0
        for kill in 0 ..< Self.kills {
            // Short delays land in opening and recovery, longer ones in the write loop and compactions.
            let delay = UInt32(random.chance(1, in: 4) ? random.below(3_000) : random.inRange(3_000 ... 25_000))
            try CrashChild.runAndKill(mode: "basic-store", arguments: [directory.url.path, "\(kill)"], after: delay)
            // Check a copy, so the next child meets the torn state itself and does the recovery.
            let copy = scratch.file("values.log")
            try? FileManager.default.removeItem(at: copy)
            // A child killed before it created the log leaves none: an empty store, prefix 0.
            if FileManager.default.fileExists(atPath: directory.file("values.log").path) {
                try FileManager.default.copyItem(at: directory.file("values.log"), to: copy)
            }
            let state = try BasicValueStore(fileURL: copy).dictionaryRepresentation()
            let prefix = try #require(BasicStoreWorkload.matchingPrefix(of: state),
                                      "kill \(kill): the store is not the state after any prefix of the writes")
            #expect(prefix >= lastPrefix, "kill \(kill): the store went back from \(lastPrefix) to \(prefix)")
            if prefix > lastPrefix { progressed += 1 }
            lastPrefix = prefix
        }
        // The children must have written something, or the test proved nothing (how much depends
        // on the machine's speed, so only progress itself is required).
        #expect(progressed > 0)
        // The original, recovered in place, agrees.
        let store = try BasicValueStore(fileURL: directory.file("values.log"))
        #expect(BasicStoreWorkload.matchingPrefix(of: store.dictionaryRepresentation()) != nil)
    }

    /// The check above is only as good as its oracle: an uninterrupted run must match it exactly
    /// after every operation, and never match a neighbouring prefix with a different state.
    @Test func theWorkloadOracleMatchesAnUninterruptedRun() throws {
        let directory = try TemporaryDirectory()
        let store = try BasicValueStore(fileURL: directory.file("values.log"), durability: .atomic,
                                        compaction: BasicCompactionPolicy(minimumFileSize: 8 << 10, garbageRatio: 0.5),
                                        fileSystem: SystemFileSystem())
        for n in 1 ... 600 {
            try BasicStoreWorkload.perform(n, on: store)
            let state = store.dictionaryRepresentation()
            #expect(state == BasicStoreWorkload.expectedState(after: n), "after operation \(n)")
            let prefix = try #require(BasicStoreWorkload.matchingPrefix(of: state))
            #expect(BasicStoreWorkload.expectedState(after: prefix) == BasicStoreWorkload.expectedState(after: n))
        }
        #expect(store.integer(forKey: BasicStoreWorkload.counterKey) == 6)
        #expect(store.statistics.compactions > 0)
    }
}
