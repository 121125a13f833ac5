import Dispatch
import Foundation
import Persistence

/// One format's disk entries: one file per entry, written atomically, LRU-evicted to stay within
/// the format's capacity, ordered by its own journal (``DiskJournal``) rather than file times.
///
/// Layout of a format directory:
/// ```
/// <format>/journal             the index: append-only, checksummed records
/// <format>/entries/<key stem>  one file per entry: the value's encoding, nothing else
/// ```
/// The stem is ``KeyFileName``'s escaping of the key; the key is also stored on the file in the
/// ``EntryKeyAttribute`` extended attribute where the file system allows it, and always in the
/// journal. All operations are thread-safe; a store writes its bytes outside the level's lock and
/// renames them into place under it, removals unlink under it, and reads only look up the index
/// under it. The total size is maintained with every change, so it is known without scanning;
/// eviction walks from the least recently used end, so it costs O(entries evicted).
package final class DiskLevel: Sendable {
    /// What a lookup found.
    package enum Lookup: Sendable, Equatable {
        case missing
        /// The entry had expired; it has been removed.
        case expired
        case found(path: String, entry: DiskEntry)
    }

    struct State {
        var isOpen = false
        var index = LinkedIndex<DiskEntry>()
        var keysByFileName: [String: String] = [:]
        var totalSize: Int64 = 0
        var journal: DiskJournal
        var session: UInt32 = 0
        var nextGeneration: UInt64 = 1
        /// Monotonic time of the last journal flush, in nanoseconds.
        var lastFlush: UInt64 = 0
        /// Keys used since their last journal record (see ``DiskEntry/accessUnjournaled``): reads
        /// only mark their entry, and one record per key is written when the journal is flushed.
        var unjournaledAccesses: [String] = []
        /// What evictions have cost so far.
        var evictions = DiskEvictionStatistics()
    }

    /// The format's directory.
    package let directory: String
    /// Where entry files live.
    package let entriesDirectory: String
    /// Largest total size of the entries.
    package let capacity: Int64
    let expiry: CacheExpiry
    let fileSystem: any FileSystem
    let writer: AtomicFileWriter
    let clock: CacheClock
    /// Drains the keys the memory level served since the last call (they count as uses here).
    let touchedKeys: @Sendable () -> [(key: String, accessedAt: Double?)]
    let state: StateLock<State>
    /// The journal's file output (the journal in ``State`` queues records into it).
    let journalOutput: JournalOutput
    /// Requests (not preloading) currently reading from this level. A lock of its own: counting
    /// must not wait for a write or the opening that holds `state`.
    let activeRequests = StateLock(0)
    /// Held by a store from choosing its file name to renaming its file into place (readers never
    /// take it).
    let writing = NSLock()
    /// Waited for before the directory is first read (a replaced format clearing it).
    let opensAfter: DispatchGroup?

    /// Creates the level; the directory is read (and created) by the first operation.
    ///
    /// - Parameters:
    ///   - directory: The format's directory.
    ///   - capacity: Largest total size of the entries in bytes.
    ///   - expiry: When entries expire.
    ///   - fileSystem: The file system (a fault-injecting one in tests).
    ///   - clock: The wall clock.
    ///   - opensAfter: Waited for before the directory is first read.
    ///   - touchedKeys: Drains the memory level's hits.
    package init(directory: String, capacity: Int64, expiry: CacheExpiry, fileSystem: any FileSystem,
                 clock: CacheClock, opensAfter: DispatchGroup? = nil,
                 touchedKeys: @escaping @Sendable () -> [(key: String, accessedAt: Double?)]) {
        self.directory = directory
        entriesDirectory = AtomicFileWriter.join(directory, "entries")
        self.capacity = capacity
        self.expiry = expiry
        self.fileSystem = fileSystem
        writer = AtomicFileWriter(fileSystem: fileSystem)
        self.clock = clock
        self.touchedKeys = touchedKeys
        self.opensAfter = opensAfter
        let journal = DiskJournal(path: AtomicFileWriter.join(directory, "journal"), fileSystem: fileSystem)
        journalOutput = journal.output
        state = StateLock(State(journal: journal))
    }

    deinit {
        state.withLock { $0.journal.flush() }
        journalOutput.drain(waiting: true)
        journalOutput.close()
    }

    /// Runs `body` under the level's lock, then — with the lock released — appends the journal
    /// records it flushed, so no reader waits for a journal write.
    ///
    /// - Parameter body: Reads or changes the state.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func withState<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        defer { journalOutput.drain() }
        return try state.withLock(body)
    }

    /// Reads the journal and the entries directory now instead of at the first request.
    package func open() {
        withState { ensureOpen(&$0) }
    }

    /// The path of an entry file.
    package func path(ofFile fileName: String) -> String {
        AtomicFileWriter.join(entriesDirectory, fileName)
    }

    /// Finds the entry of `key`.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - countsAsUse: Whether to make it the most recently used (not for preloading).
    /// - Returns: Where its file is, or why there is none.
    package func lookup(_ key: String, countsAsUse: Bool) -> Lookup {
        withState { state in
            ensureOpen(&state)
            applyTouches(&state)
            guard let slot = state.index.slot(of: key), var entry = state.index.payload(at: slot) else { return .missing }
            let now = clock.now()
            if expiry.hasExpired(storedAt: entry.storedAt, accessedAt: entry.accessedAt, now: now) {
                removeEntry(at: slot, &state)
                flush(&state)
                return .expired
            }
            if countsAsUse {
                markUsed(key, at: slot, time: now, &state)
                entry = state.index.payload(at: slot) ?? entry
                // Reads alone flush once many have gathered or a second has passed.
                let tick = DispatchTime.now().uptimeNanoseconds
                if state.unjournaledAccesses.count > 4_096 || tick &- state.lastFlush > 1_000_000_000 {
                    flush(&state)
                }
            }
            return .found(path: path(ofFile: entry.fileName), entry: entry)
        }
    }

    /// The current generation of `key`'s entry, or `nil` when there is none.
    package func generation(of key: String) -> UInt64? {
        withState { state in
            ensureOpen(&state)
            return state.index.slot(of: key).flatMap { state.index.payload(at: $0)?.generation }
        }
    }

    /// Stores `data` as the entry of `key`, evicting least recently used entries first so the total
    /// never exceeds the capacity.
    ///
    /// The bytes are written to a temporary file without the lock readers need; only the rename
    /// that makes them the entry, and the index update, happen under it. Stores (and removals) of
    /// one level run one at a time.
    /// - Parameters:
    ///   - data: The encoded value.
    ///   - key: Its key.
    /// - Returns: `false` when `data` alone exceeds the capacity (any older entry of the key is
    ///   removed then, so the disk never serves a stale value).
    /// - Throws: ``SystemCallError`` when the file cannot be written; the key's previous entry is
    ///   then intact.
    @discardableResult
    package func store(_ data: Data, for key: String) throws(SystemCallError) -> Bool {
        writing.lock()
        defer { writing.unlock() }
        let size = Int64(data.count)
        // Room and a file name, under the lock.
        let fileName = withState { (state: inout State) -> String? in
            ensureOpen(&state)
            applyTouches(&state)
            journalAccesses(&state)
            let existing = state.index.slot(of: key)
            guard size <= capacity else {
                if let existing { removeEntry(at: existing, &state) }
                flush(&state)
                return nil
            }
            let oldSize = existing.flatMap { state.index.payload(at: $0)?.size } ?? 0
            makeRoom(for: size - oldSize, keeping: existing, &state)
            return existing.flatMap { state.index.payload(at: $0)?.fileName } ?? newFileName(for: key, state)
        }
        guard let fileName else { return false }
        let path = path(ofFile: fileName)
        // The bytes, with no lock readers wait for.
        let prepared: PreparedAtomicWrite
        do throws(SystemCallError) {
            prepared = try writer.prepare(data, for: path, durability: .atomic)
        } catch {
            withState { flush(&$0) }  // the evictions happened
            throw error
        }
        EntryKeyAttribute.write(key, toFileAt: prepared.temporaryPath)
        // The rename and the index, under the lock: a reader sees the old entry or the new one.
        return try withState { (state: inout State) throws(SystemCallError) -> Bool in
            do throws(SystemCallError) {
                try writer.commit(prepared)
            } catch {
                flush(&state)
                throw error
            }
            // Reads may have expired the old entry meanwhile: look again.
            let existing = state.index.slot(of: key)
            let oldSize = existing.flatMap { state.index.payload(at: $0)?.size } ?? 0
            let now = clock.now()
            let entry = DiskEntry(fileName: fileName, size: size, storedAt: now, accessedAt: now,
                                  session: state.session, generation: state.nextGeneration)
            state.nextGeneration &+= 1
            if let existing {
                state.index.updatePayload(at: existing) { $0 = entry }
                state.index.moveToFront(existing)
            } else {
                state.index.insert(key, entry)
                state.keysByFileName[fileName] = key
            }
            state.totalSize += size - oldSize
            journalAccesses(&state)
            state.journal.append(.stored(key: key, fileName: fileName, size: size, storedAt: now, accessedAt: now,
                                         session: state.session))
            flush(&state)
            return true
        }
    }

    /// The total size of the entries in bytes, from the index (no scan).
    package var totalSize: Int64 {
        withState { state in
            ensureOpen(&state)
            return state.totalSize
        }
    }

    /// How many entries the level holds.
    package var count: Int {
        withState { state in
            ensureOpen(&state)
            return state.index.count
        }
    }

    /// What evictions have cost so far (benchmarks).
    package var evictionStatistics: DiskEvictionStatistics {
        withState { $0.evictions }
    }

    /// Marks the start and end of a request's read, so preloading can give way.
    package func requestStarted() { activeRequests.withLock { $0 += 1 } }

    /// See ``requestStarted()``.
    package func requestFinished() { activeRequests.withLock { $0 -= 1 } }

    /// Whether requests are reading now.
    package var isServingRequests: Bool { activeRequests.withLock { $0 > 0 } }

    /// Writes buffered journal records now (they are otherwise written by the next change).
    package func synchronize() {
        withState { state in
            applyTouches(&state)
            flush(&state)
        }
        journalOutput.drain(waiting: true)
    }
}
