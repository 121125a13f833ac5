import Foundation
import Persistence

/// `basic-increment FILE COUNT`: adds 1 to the integer under `counter` COUNT times with
/// ``BasicValueStore/update(forKey:_:)`` and exits — the cross-process lost-update test runs
/// several at once. Unlike the crash modes it ends by itself.
enum BasicIncrementMode: CrashChildMode {
    static let name = "basic-increment"

    static func run(_ arguments: [String]) throws {
        let file = try argument(arguments, 0, "FILE")
        let count = Int(try argument(arguments, 1, "COUNT")) ?? 0
        let store = try BasicValueStore(fileURL: URL(fileURLWithPath: file), durability: .atomic)
        announceReady()
        for _ in 0 ..< count {
            try store.update(forKey: "counter") { value in value = .integer((value?.integerValue ?? 0) + 1) }
        }
        try store.synchronize()
    }
}
