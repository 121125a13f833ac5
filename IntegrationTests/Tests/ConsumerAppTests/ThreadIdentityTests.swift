import Archivist
import ConsumerApp
import Foundation
import Testing

/// In a target with default `MainActor` isolation every model's conformance is isolated to the main
/// actor; archiving must still do the same on every thread. Values are made on the main thread and
/// handed over as `Sendable` (main-actor-isolated types are); the main thread waits meanwhile.
@Suite struct ThreadIdentityTests {
    /// What each way of archiving gave: the archive's size and hash, or the error, as text.
    nonisolated struct Outcomes: Equatable, Sendable, CustomStringConvertible {
        var entries: [String: String] = [:]

        /// The entries whose names start with `prefix`.
        func only(_ prefix: String) -> Outcomes {
            Outcomes(entries: entries.filter { $0.key.hasPrefix(prefix) })
        }

        var description: String { entries.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n") }

        /// A short fingerprint of an archive (FNV-1a).
        static func fingerprint(_ data: Data) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return "\(data.count) bytes, fnv \(String(hash, radix: 16))"
        }
    }

    /// Archives the bookmark and the list every way, on the calling thread.
    ///
    /// `Bookmark` and `BookmarkList` are used by this suite only, so the first call builds their
    /// plans: on a background thread in ``archivingGivesTheSameResultOnEveryThread()``.
    nonisolated static func archiveEveryWay(_ list: BookmarkList, _ bookmark: Bookmark,
                                            _ unarchiver: KeyedUnarchiver) -> Outcomes {
        var outcomes = Outcomes()
        func record(_ name: String, _ body: () throws -> Data) {
            do {
                outcomes.entries[name] = Outcomes.fingerprint(try body())
            } catch {
                outcomes.entries[name] = "error: \(error)"
            }
        }
        record("KeyedArchiver().archive(bookmark as Any)") { try KeyedArchiver().archive(bookmark as Any) }
        record("KeyedArchiver().archive(list as Any)") { try KeyedArchiver().archive(list as Any) }
        record("KeyedArchiver().archive(bookmark)") { try KeyedArchiver().archive(bookmark) }
        record("AutoArchiver binary") { try AutoArchiver.archive(list, format: .binary) }
        record("AutoArchiver xml") { try AutoArchiver.archive(list, format: .xml) }
        record("AutoArchiver round trip") {
            let data = try AutoArchiver.archive(list, format: .binary)
            return try AutoArchiver.archive(AutoArchiver.unarchive(BookmarkList.self, from: data), format: .binary)
        }
        record("KeyedUnarchiver round trip") {
            let data = try KeyedArchiver().archive(bookmark as Any)
            return try KeyedArchiver().archive(unarchiver.unarchive(Bookmark.self, from: data))
        }
        return outcomes
    }

    @Test func archivingGivesTheSameResultOnEveryThread() throws {
        // On the main actor. (On Linux, Swift Testing runs main-actor tests on a thread other than
        // the process's first one, so `Thread.isMainThread` is false there.)
        MainActor.assertIsolated()
        let bookmark = Bookmark()
        bookmark.title = "Swift"
        bookmark.url = "https://swift.org"
        bookmark.visits = 3
        var list = BookmarkList()
        list.owner = "Ada"
        list.bookmarks = [bookmark]
        let unarchiver = KeyedUnarchiver(allowing: [Bookmark.self])
        let handedOver = list

        // First use of the types: on a background thread.
        let onThread = try SmallStackThread.run(stackSize: 8 << 20) {
            Self.archiveEveryWay(handedOver, bookmark, unarchiver)
        }
        let onQueue = Self.onGlobalQueue { Self.archiveEveryWay(handedOver, bookmark, unarchiver) }
        let onMain = Self.archiveEveryWay(list, bookmark, unarchiver)

        #expect(!onMain.entries.values.contains { $0.hasPrefix("error") }, "\(onMain)")
        for (place, outcomes) in [("a Thread", onThread), ("a DispatchQueue", onQueue)] {
            #expect(outcomes.only("AutoArchiver") == onMain.only("AutoArchiver"),
                    "on \(place):\n\(outcomes.only("AutoArchiver"))\non the main thread:\n\(onMain.only("AutoArchiver"))")
            #expect(outcomes.only("Keyed") == onMain.only("Keyed"),
                    "on \(place):\n\(outcomes.only("Keyed"))\non the main thread:\n\(onMain.only("Keyed"))")
        }
    }

    /// Runs `body` on a global queue (never inline on the calling thread) and waits for it.
    nonisolated static func onGlobalQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        nonisolated(unsafe) var result: T?
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result = body()
            done.signal()
        }
        done.wait()
        return result!
    }
}
