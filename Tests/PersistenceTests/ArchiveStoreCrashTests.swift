import Foundation
import Persistence
import Testing
import TestSupport

/// A writer killed with SIGKILL at random moments leaves every key's old or new value, and the
/// store opens cleanly.
@Suite struct ArchiveStoreCrashTests {
    static let kills = 120

    @Test func killedWritersLeaveEveryKeyWholeAndNeverOlder() throws {
        let directory = try TemporaryDirectoryHolder()
        var random = SeededRandom(seed: 2026)
        var lastSeen: [String: Int] = [:]
        var generationsAdvanced = 0
        for round in 0..<Self.kills {
            // Mostly short delays (kills during the first writes), sometimes longer ones.
            let delay = random.chance(1, in: 4) ? random.below(30_000) : random.below(4_000)
            try CrashChild.runAndKill(mode: "archive-store", arguments: [directory.url.path, "\(round)"],
                                      after: UInt32(delay))
            let store = try ArchiveStore(name: "crash", location: .directory(directory.url))
            let names = try FileManager.default.contentsOfDirectory(atPath: store.directoryURL.path)
            #expect(!names.contains { AtomicFileWriter.isTemporaryFileName($0) }, "round \(round): \(names)")
            for key in try store.keys() {
                let record = try store.retrieve(CrashRecord.self, forKey: key)
                #expect(record.key == key)
                #expect(record.isConsistent, "round \(round): \(key) holds a torn record")
                let previous = lastSeen[key] ?? 0
                #expect(record.generation >= previous, "round \(round): \(key) went back from \(previous) to \(record.generation)")
                if record.generation > previous { generationsAdvanced += 1 }
                lastSeen[key] = record.generation
            }
        }
        #expect(lastSeen.count == 8)
        // The kills landed while writes were happening, not only before the first (a quarter of
        // the rounds is a floor that holds even under ThreadSanitizer's slowdown).
        #expect(generationsAdvanced > Self.kills / 4)
    }
}
