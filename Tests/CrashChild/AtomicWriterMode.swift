import Foundation
import Persistence

/// `atomic-writer DIRECTORY SEED`: rewrites four enveloped files with growing generations through
/// ``AtomicFileWriter`` (durability `.full`) forever.
///
/// Each payload is `generation` repeated to a length that varies per write, so a torn file would
/// fail the envelope's checksum or length check.
enum AtomicWriterMode: CrashChildMode {
    static let name = "atomic-writer"

    static func run(_ arguments: [String]) throws {
        let directory = try argument(arguments, 0, "DIRECTORY")
        let seed = UInt64(try argument(arguments, 1, "SEED")) ?? 0
        let writer = AtomicFileWriter()
        announceReady()
        var generation: UInt64 = 0
        while true {
            generation += 1
            for file in 0..<4 {
                let repeats = Int((generation &* 2_654_435_761 &+ seed &+ UInt64(file)) % 400) + 1
                let payload = Data(String(repeating: "\(generation);", count: repeats).utf8)
                let key = "file\(file)"
                try writer.write(StoreFileEnvelope.encode(payload, key: key), to: directory + "/" + key)
            }
        }
    }
}
