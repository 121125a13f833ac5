import Foundation
import Persistence
import Testing
import TestSupport

/// Eight threads mixing every verb on shared keys: no lost update, no torn read.
@Suite struct ArchiveStoreConcurrencyTests {
    static let threads = 8
    static let operations = 150

    @Test func eightThreadsMixingVerbsLoseNoUpdate() throws {
        let fixture = try TemporaryStore(durability: .atomic)
        let store = fixture.store
        let failures = FailureLog()
        let group = DispatchGroup()
        for thread in 0..<Self.threads {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var random = SeededRandom(seed: UInt64(thread))
                for step in 0..<Self.operations {
                    do {
                        switch random.below(6) {
                        case 0, 1:
                            try store.update(Counter.self, forKey: "counter \(step % 3)", default: Counter()) {
                                $0.value += 1
                            }
                            failures.countIncrement()
                        case 2:
                            try store.persist(Contact.sample(thread * 1_000 + step), forKey: "shared \(step % 4)")
                        case 3:
                            store.persistInBackground(Contact.sample(thread * 1_000 + step), forKey: "shared \(step % 4)")
                        case 4:
                            if let contact = try store.retrieveIfPresent(Contact.self, forKey: "shared \(step % 4)"),
                               contact != .sample(contact.id) {
                                failures.record("torn read of shared \(step % 4): \(contact)")
                            }
                        default:
                            try store.delete(forKey: "shared \(step % 4)")
                        }
                    } catch {
                        failures.record("thread \(thread) step \(step): \(error)")
                    }
                }
            }
        }
        group.wait()
        store.flush()
        #expect(failures.messages.isEmpty, "\(failures.messages.prefix(5))")
        let total = try (0..<3).map { try store.retrieveIfPresent(Counter.self, forKey: "counter \($0)")?.value ?? 0 }
            .reduce(0, +)
        #expect(total == failures.increments)
        let fresh = try fixture.reopened()
        for key in try fresh.keys() where key.hasPrefix("shared") {
            let contact = try fresh.retrieve(Contact.self, forKey: key)
            #expect(contact == .sample(contact.id))
        }
    }

    /// Failures and increment counts reported by the worker threads.
    final class FailureLog: @unchecked Sendable {
        // @unchecked: both fields are only touched while `lock` is held.
        private let lock = NSLock()
        private var log: [String] = []
        private var count = 0
        func record(_ message: String) { lock.withLock { log.append(message) } }
        func countIncrement() { lock.withLock { count += 1 } }
        var messages: [String] { lock.withLock { log } }
        var increments: Int { lock.withLock { count } }
    }
}
