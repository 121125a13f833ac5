import Foundation
import Persistence

/// Where a journal's records go once they leave the disk level's lock: a queue of byte chunks
/// and the file they are appended to.
///
/// Under the level's lock, ``DiskJournal/flush()`` only queues its buffer here (``enqueue(_:)``);
/// after the lock is released, ``drain(waiting:)`` appends what is queued, one writer at a time
/// and in queue order, so lookups never wait for a journal write (a thread that finds another
/// writing leaves its records to it). Two locks: a short one for the queue,
/// taken under the level's lock, and one held across the writes, never taken under it except by a
/// compaction (rare), which must not race a write to the file it replaces.
final class JournalOutput: @unchecked Sendable {
    // @unchecked: `chunks` and `failed` are only touched under `queueLock`; `descriptor` only
    // under `writeLock`.
    private let queueLock = NSLock()
    private var chunks: [[UInt8]] = []
    private var failed = false
    private let writeLock = NSLock()
    private var descriptor: FileDescriptor?

    let path: String
    let fileSystem: any FileSystem

    init(path: String, fileSystem: any FileSystem) {
        self.path = path
        self.fileSystem = fileSystem
    }

    /// Queues encoded records to append.
    func enqueue(_ bytes: [UInt8]) {
        queueLock.withLock { chunks.append(bytes) }
    }

    /// Whether an append failed since the last ``reset()``: the file may end in a torn record, so
    /// the journal must be rewritten; queued records are dropped until then.
    var hasFailed: Bool { queueLock.withLock { failed } }

    /// Appends every queued chunk to the file, in order. Call without the level's lock.
    ///
    /// - Parameter waiting: Whether to wait while another thread writes. Without waiting, the
    ///   other thread writes this thread's chunks too: it looks at the queue again after it stops.
    func drain(waiting: Bool = false) {
        repeat {
            if waiting {
                writeLock.lock()
            } else if !writeLock.try() {
                return
            }
            writeQueued()
            writeLock.unlock()
        } while queueLock.withLock({ !chunks.isEmpty && !failed })
    }

    /// Writes what is queued until the queue is empty. Needs `writeLock`.
    private func writeQueued() {
        while true {
            let next: [[UInt8]] = queueLock.withLock {
                defer { chunks.removeAll(keepingCapacity: true) }
                return failed ? [] : chunks
            }
            guard !next.isEmpty else { return }
            do throws(SystemCallError) {
                let file = try openForAppending()
                try fileSystem.write(Data(next.joined()), to: file)
            } catch {
                queueLock.withLock {
                    failed = true
                    chunks.removeAll()
                }
                return
            }
        }
    }

    /// Drops what is queued and closes the file, before the journal is rewritten whole (the
    /// rewrite holds every record). Waits for a write in progress.
    func reset() {
        writeLock.lock()
        defer { writeLock.unlock() }
        queueLock.withLock {
            chunks.removeAll()
            failed = false
        }
        closeLocked()
    }

    /// Closes the file (it is reopened by the next write).
    func close() {
        writeLock.withLock { closeLocked() }
    }

    private func closeLocked() {
        if let descriptor { try? fileSystem.close(descriptor) }
        descriptor = nil
    }

    private func openForAppending() throws(SystemCallError) -> FileDescriptor {
        if let descriptor { return descriptor }
        let file = try fileSystem.open(path, mode: .readAppend(permissions: 0o644))
        // A new (or emptied) file needs its header before the first record.
        if (try? fileSystem.status(of: file).size) == 0 {
            try fileSystem.write(Data(DiskJournal.header), to: file)
        }
        descriptor = file
        return file
    }
}
