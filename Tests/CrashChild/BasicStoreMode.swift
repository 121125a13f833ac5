import BasicStoreWorkload
import Foundation
import Persistence

/// `basic-store DIRECTORY SEED`: opens the basic-value store in DIRECTORY and performs
/// ``BasicStoreWorkload`` forever, resuming after the last operation the store holds.
///
/// `ready` is printed before the store opens, so kills also land in recovery and in compaction at
/// open. An odd seed uses ``WriteDurability/full``, an even one `atomic`; the
/// compaction threshold is small (8 KiB) so kills often hit a compaction.
enum BasicStoreMode: CrashChildMode {
    static let name = "basic-store"

    static func run(_ arguments: [String]) throws {
        let directory = try argument(arguments, 0, "DIRECTORY")
        let seed = UInt64(try argument(arguments, 1, "SEED")) ?? 0
        announceReady()
        let store = try BasicValueStore(
            fileURL: URL(fileURLWithPath: directory).appendingPathComponent("values.log"),
            durability: seed % 2 == 1 ? .full : .atomic,
            compaction: BasicCompactionPolicy(minimumFileSize: 8 << 10, garbageRatio: 0.5),
            fileSystem: SystemFileSystem())
        var n = BasicStoreWorkload.highestSequence(in: store.dictionaryRepresentation())
        while true {
            n += 1
            try BasicStoreWorkload.perform(n, on: store)
        }
    }
}
