import Dispatch
import Foundation
import Persistence

extension DiskLevel {
    /// Journal records beyond twice the live entries (plus this slack) trigger a compaction, so
    /// the journal stays O(entries) and compaction costs O(1) amortized per record.
    static var compactionSlack: Int { 1_024 }

    /// Counts the memory level's hits as uses: their entries move to the front.
    func applyTouches(_ state: inout State) {
        let touches = touchedKeys()
        guard !touches.isEmpty else { return }
        let now = clock.now()
        for (key, hitAt) in touches {
            guard let slot = state.index.slot(of: key) else { continue }
            markUsed(key, at: slot, time: hitAt ?? now, &state)
        }
    }

    /// Makes an entry the most recently used as of `time`; its journal record is deferred to the
    /// next flush (see ``journalAccesses(_:)``).
    func markUsed(_ key: String, at slot: Int, time: Double, _ state: inout State) {
        let session = state.session
        let newlyMarked = state.index.updatePayload(at: slot) { entry -> Bool in
            entry.accessedAt = max(entry.accessedAt, time)
            entry.session = session
            defer { entry.accessUnjournaled = true }
            return !entry.accessUnjournaled
        }
        if newlyMarked == true { state.unjournaledAccesses.append(key) }
        state.index.moveToFront(slot)
    }

    /// Appends one `accessed` record per entry used since its last record, oldest use first.
    /// Called before every other record is appended, so the journal's order stays the order of
    /// events (up to the order of the uses within one batch, which their times give).
    func journalAccesses(_ state: inout State) {
        guard !state.unjournaledAccesses.isEmpty else { return }
        var records: [(key: String, accessedAt: Double, session: UInt32)] = []
        records.reserveCapacity(state.unjournaledAccesses.count)
        for key in state.unjournaledAccesses {
            guard let slot = state.index.slot(of: key),
                  let entry = state.index.updatePayload(at: slot, { entry -> DiskEntry? in
                      guard entry.accessUnjournaled else { return nil }
                      entry.accessUnjournaled = false
                      return entry
                  }) ?? nil else { continue }
            records.append((key, entry.accessedAt, entry.session))
        }
        state.unjournaledAccesses.removeAll(keepingCapacity: true)
        records.sort { $0.accessedAt < $1.accessedAt }
        for record in records {
            state.journal.append(.accessed(key: record.key, accessedAt: record.accessedAt, session: record.session))
        }
    }

    /// Deletes an entry's file and forgets it.
    func removeEntry(at slot: Int, _ state: inout State) {
        let removed = state.index.remove(at: slot)
        guard let entry = removed.payload else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try? fileSystem.remove(path(ofFile: entry.fileName))
        state.evictions.unlinkNanoseconds &+= DispatchTime.now().uptimeNanoseconds &- start
        state.keysByFileName[entry.fileName] = nil
        state.totalSize -= entry.size
        state.journal.append(.removed(key: removed.key))
    }

    /// Evicts least recently used entries (never `keeping`) until `growth` more bytes fit.
    ///
    /// Walks from the back of the LRU list, so it costs O(evicted).
    func makeRoom(for growth: Int64, keeping: Int?, _ state: inout State) {
        guard state.totalSize + growth > capacity else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        let unlinkBefore = state.evictions.unlinkNanoseconds
        var cursor = state.index.leastRecent
        var evicted = 0
        while state.totalSize + growth > capacity, let slot = cursor {
            let next = state.index.moreRecent(than: slot)
            if slot != keeping {
                removeEntry(at: slot, &state)
                evicted += 1
            }
            cursor = next
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds &- start
        state.evictions.entries += evicted
        state.evictions.nanoseconds &+= elapsed
        state.evictions.evictionUnlinkNanoseconds &+= state.evictions.unlinkNanoseconds &- unlinkBefore
    }

    /// A file name for a new key: its escaped stem, with `~1`, `~2`… appended if a hashed stem is
    /// already taken by another key.
    func newFileName(for key: String, _ state: State) -> String {
        let stem = KeyFileName.stem(for: key).text
        var name = stem
        var suffix = 0
        while let owner = state.keysByFileName[name], owner != key {
            suffix += 1
            name = "\(stem)~\(suffix)"
        }
        return name
    }

    /// Writes buffered journal records, compacting when the journal has grown well past the live
    /// entries or a failed append left it in need of a rewrite. Failures are absorbed: the journal
    /// is an index that opening can rebuild from the entries directory.
    func flush(_ state: inout State) {
        state.lastFlush = DispatchTime.now().uptimeNanoseconds
        journalAccesses(&state)
        if state.journal.needsRewrite || state.journal.recordCount > 2 * state.index.count + Self.compactionSlack {
            compact(&state)
        } else {
            state.journal.flush()
        }
    }

    /// Rewrites the journal as the current session plus one record per entry, least recently
    /// used first (so replaying it rebuilds the same order).
    func compact(_ state: inout State) {
        // The snapshot carries every entry's current times: pending access records are moot.
        for key in state.unjournaledAccesses {
            if let slot = state.index.slot(of: key) { state.index.updatePayload(at: slot) { $0.accessUnjournaled = false } }
        }
        state.unjournaledAccesses.removeAll(keepingCapacity: true)
        var records: [JournalRecord] = [.session(state.session, startedAt: clock.now())]
        records.reserveCapacity(state.index.count + 1)
        var cursor = state.index.leastRecent
        while let slot = cursor {
            if let entry = state.index.payload(at: slot) {
                records.append(.stored(key: state.index.key(at: slot), fileName: entry.fileName, size: entry.size,
                                       storedAt: entry.storedAt, accessedAt: entry.accessedAt, session: entry.session))
            }
            cursor = state.index.moreRecent(than: slot)
        }
        try? state.journal.rewrite(records, writer: writer)
    }

    /// Keys to preload, most recently used first, skipping expired entries.
    ///
    /// - Parameter policy: `.lastSession` keeps the entries used in the previous session only.
    /// - Returns: The keys with their entries.
    package func preloadCandidates(_ policy: CachePreloadPolicy) -> [(key: String, entry: DiskEntry)] {
        withState { state in
            ensureOpen(&state)
            guard policy != .none else { return [] }
            let now = clock.now()
            let previous = state.session &- 1
            return state.index.entriesMostRecentFirst().compactMap { item in
                let entry = item.payload
                // Session 0 marks entries recovered without a journal: their session is unknown.
                if policy == .lastSession, entry.session != previous || previous == 0 { return nil }
                if expiry.hasExpired(storedAt: entry.storedAt, accessedAt: entry.accessedAt, now: now) { return nil }
                return (item.key, entry)
            }
        }
    }
}
