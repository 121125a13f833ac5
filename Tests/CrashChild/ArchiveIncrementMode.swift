import AutoCoding
import Foundation
import Persistence

/// The counter the `archive-increment` mode updates (the tests' `Counter`, decoded by name).
struct Counter: AutoCodable {
    var value = 0
    var history: [Int] = []
}

/// `archive-increment DIRECTORY COUNT`: opens the ``ArchiveStore`` named `counter` in DIRECTORY,
/// prints `ready`, waits for a line on standard input (so the parent can start several children
/// together), then adds 1 to the ``Counter`` under key `counter` COUNT times with
/// ``ArchiveStore/update(_:forKey:default:_:)`` and exits — the cross-process lost-update test.
enum ArchiveIncrementMode: CrashChildMode {
    static let name = "archive-increment"

    static func run(_ arguments: [String]) throws {
        let directory = try argument(arguments, 0, "DIRECTORY")
        let count = Int(try argument(arguments, 1, "COUNT")) ?? 0
        let store = try ArchiveStore(name: "counter", location: .directory(URL(fileURLWithPath: directory)),
                                     durability: .atomic)
        announceReady()
        _ = readLine()
        for _ in 0 ..< count {
            try store.update(Counter.self, forKey: "counter", default: Counter()) { $0.value += 1 }
        }
    }
}
