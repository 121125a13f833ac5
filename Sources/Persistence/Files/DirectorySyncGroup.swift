import Foundation

/// Shares directory flushes between concurrent durable writes (group commit for renames).
///
/// A durable atomic write ends with an `fsync` of its directory, which makes its rename survive a
/// power loss. An `fsync` of a directory covers every rename done in it before the call began, so
/// writers that finish their renames while another writer's flush of the same directory is running
/// need not each pay one: they wait for the next flush, which one of them starts for all, and each
/// still returns only once a flush that began after its own rename has completed. A failed flush
/// is reported to every writer it was meant to cover.
package final class DirectorySyncGroup: @unchecked Sendable {
    // @unchecked: `directories` is only touched while `condition` is locked.

    /// One directory's flushes.
    private struct Directory {
        /// Renames announced so far (each writer's ticket is this count after its own).
        var announced: UInt64 = 0
        /// Whether a flush is running.
        var isSyncing = false
        /// Writers waiting, by ticket: `nil` until a flush covering them has finished.
        var waiting: [UInt64: Result<Void, SystemCallError>?] = [:]
    }

    private let condition = NSCondition()
    private var directories: [String: Directory] = [:]

    /// Creates a group with no flushes in progress.
    package init() {}

    /// Returns once a flush of `directory` that began after this call has completed, making every
    /// rename in it done before this call durable.
    ///
    /// - Parameters:
    ///   - directory: The directory written to.
    ///   - fileSystem: What flushes it.
    /// - Throws: The ``SystemCallError`` of the flush that was to cover this call.
    package func syncDirectory(_ directory: String, with fileSystem: any FileSystem) throws(SystemCallError) {
        condition.lock()
        var entry = directories[directory, default: Directory()]
        entry.announced += 1
        let ticket = entry.announced
        entry.waiting[ticket] = .some(nil)
        directories[directory] = entry
        while true {
            // Invariant: the lock is held here, and `directories[directory]` holds this ticket.
            if case .some(.some(let outcome)) = directories[directory]?.waiting[ticket] {
                directories[directory]?.waiting[ticket] = nil
                if let left = directories[directory], left.waiting.isEmpty, !left.isSyncing {
                    directories[directory] = nil
                }
                condition.unlock()
                return try outcome.get()
            }
            if directories[directory]?.isSyncing == true {
                condition.wait()
                continue
            }
            directories[directory]?.isSyncing = true
            let covered = directories[directory]?.announced ?? ticket
            condition.unlock()
            let outcome: Result<Void, SystemCallError>
            do throws(SystemCallError) {
                try fileSystem.syncDirectory(directory)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            condition.lock()
            if var finished = directories[directory] {
                finished.isSyncing = false
                for waiter in finished.waiting.keys where waiter <= covered { finished.waiting[waiter] = .some(outcome) }
                directories[directory] = finished
            }
            condition.broadcast()
        }
    }
}
