import Foundation
import Persistence

extension DiskLevel {
    /// Removes the entry of `key`, if any.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - generation: Remove only if the entry is still this generation (`nil`: any).
    package func remove(_ key: String, ifGeneration generation: UInt64? = nil) {
        // No `writing`: a store of the same key in progress re-reads the index before it commits.
        withState { state in
            ensureOpen(&state)
            guard let slot = state.index.slot(of: key) else { return }
            if let generation, state.index.payload(at: slot)?.generation != generation { return }
            journalAccesses(&state)
            removeEntry(at: slot, &state)
            flush(&state)
        }
    }

    /// Removes every file in the entries directory (known to the index or not) and empties the
    /// journal. Waits for a store in progress (its temporary file is in the directory).
    package func removeAll() {
        writing.lock()
        defer { writing.unlock() }
        withState { state in
            ensureOpen(&state)
            for name in (try? fileSystem.contentsOfDirectory(entriesDirectory)) ?? [] {
                _ = try? fileSystem.remove(path(ofFile: name))
            }
            state.index.removeAll()
            state.keysByFileName = [:]
            state.totalSize = 0
            state.nextGeneration &+= 1
            compact(&state)
        }
    }
}
