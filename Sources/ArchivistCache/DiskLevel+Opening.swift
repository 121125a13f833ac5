import Dispatch
import Foundation
import Persistence

extension DiskLevel {
    /// An entry while the journal is replayed: its state and the position of its last record.
    private struct Replayed {
        var entry: DiskEntry
        /// Order of the last record that used it; recovered files sort before every record.
        var sequence: Int
    }

    /// Loads the index on first use: replays the journal, reconciles it with the entries directory,
    /// and starts a new session.
    ///
    /// Reconciling makes opening robust against a damaged or missing journal, a crash between a
    /// file write and its journal record, and files removed behind the cache's back: every file is
    /// checked once (O(entries), at open only). A file the journal does not know is adopted with its
    /// key read from its extended attribute or its exact file name, as the least recently used
    /// entries ordered by modification time; a file whose key cannot be recovered is deleted; a
    /// journal entry without a file is dropped; sizes come from the files. If anything was
    /// repaired, or the journal is due for compaction, it is rewritten.
    func ensureOpen(_ state: inout State) {
        guard !state.isOpen else { return }
        opensAfter?.wait()
        state.isOpen = true
        try? fileSystem.createDirectory(entriesDirectory)
        writer.removeLeftoverTemporaryFiles(in: entriesDirectory)
        writer.removeLeftoverTemporaryFiles(in: directory)

        let contents = DiskJournal.read(path: state.journal.path, fileSystem: fileSystem)
        var replayed: [String: Replayed] = [:]
        var lastSession: UInt32 = 0
        for (sequence, record) in contents.records.enumerated() {
            switch record {
            case .session(let number, _):
                lastSession = max(lastSession, number)
            case .stored(let key, let fileName, let size, let storedAt, let accessedAt, let session):
                let entry = DiskEntry(fileName: fileName, size: size, storedAt: storedAt, accessedAt: accessedAt,
                                      session: session, generation: 0)
                replayed[key] = Replayed(entry: entry, sequence: sequence)
                lastSession = max(lastSession, session)
            case .accessed(let key, let accessedAt, let session):
                replayed[key]?.entry.accessedAt = accessedAt
                replayed[key]?.entry.session = session
                replayed[key]?.sequence = sequence
                lastSession = max(lastSession, session)
            case .removed(let key):
                replayed[key] = nil
            }
        }
        var repaired = reconcile(&replayed) || contents.corrupt

        let ordered = replayed.sorted { left, right in
            (left.value.sequence, left.value.entry.accessedAt, left.key) < (right.value.sequence, right.value.entry.accessedAt, right.key)
        }
        for (key, item) in ordered {
            var entry = item.entry
            entry.generation = state.nextGeneration
            state.nextGeneration &+= 1
            state.index.insert(key, entry, atFront: true)
            state.keysByFileName[entry.fileName] = key
            state.totalSize += entry.size
        }
        state.session = lastSession &+ 1
        state.journal.setRecordCount(contents.records.count)
        // The capacity may be smaller than in the session that wrote these files.
        if state.totalSize > capacity {
            makeRoom(for: 0, keeping: nil, &state)
            repaired = true
        }
        if repaired || state.journal.recordCount > 2 * state.index.count + Self.compactionSlack {
            compact(&state)
        } else {
            state.journal.append(.session(state.session, startedAt: clock.now()))
            state.journal.flush()
        }
    }

    /// Matches the replayed entries with the files in the entries directory.
    ///
    /// - Returns: Whether anything had to be repaired.
    private func reconcile(_ replayed: inout [String: Replayed]) -> Bool {
        let names = (try? fileSystem.contentsOfDirectory(entriesDirectory)) ?? []
        var keysByFile: [String: String] = [:]
        for (key, item) in replayed { keysByFile[item.entry.fileName] = key }
        var present = Set<String>()
        var repaired = false
        for name in names where !AtomicFileWriter.isTemporaryFileName(name) {
            let path = path(ofFile: name)
            guard let status = try? fileSystem.status(path), status.isRegularFile else { continue }
            if let key = keysByFile[name], !present.contains(key) {
                present.insert(key)
                if replayed[key]?.entry.size != status.size {
                    replayed[key]?.entry.size = status.size
                    repaired = true
                }
                continue
            }
            repaired = true
            // Not in the journal: adopt it if its key can be recovered and is not taken.
            let key = EntryKeyAttribute.read(fromFileAt: path) ?? KeyFileName.key(fromStem: name)
            guard let key, replayed[key] == nil else {
                _ = try? fileSystem.remove(path)
                continue
            }
            let entry = DiskEntry(fileName: name, size: status.size, storedAt: status.modificationTime,
                                  accessedAt: status.modificationTime, session: 0, generation: 0)
            replayed[key] = Replayed(entry: entry, sequence: -1)
            keysByFile[name] = key
            present.insert(key)
        }
        for key in Array(replayed.keys) where !present.contains(key) {
            replayed[key] = nil
            repaired = true
        }
        return repaired
    }
}
