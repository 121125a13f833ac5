import Foundation

/// Makes ``ArchiveStore/update(_:forKey:default:_:)`` exclusive across threads and processes.
///
/// Across processes it is an exclusive `flock` on ``fileName`` in the store's directory, taken
/// through the file-system seam. A `flock` lock belongs to the open file description, so two
/// threads sharing a descriptor would not exclude each other and one's unlock would release the
/// other's lock: each outermost update therefore opens the lock file afresh, and unlocks and
/// closes it when done. Within the process a recursive lock admits one update at a time — the
/// file lock is store-wide, so updates of different keys could not run together anyway — and
/// lets an update's body update other keys of the store: a nested update runs under the file
/// lock its outermost update holds.
///
/// The lock file is created at the first update and never removed: removing it while another
/// process waits on it would let a third process lock a new file. Its name starts with a dot and
/// does not end in `.arv`, so ``ArchiveStore/keys()``, ``ArchiveStore/deleteEverything()``,
/// hashed-key scans and leftover cleanup all pass it by.
final class StoreUpdateLock: @unchecked Sendable {
    // @unchecked: `depth` and `file` are only touched while `threads` is held.

    /// The lock file's name in the store's directory.
    static let fileName = ".archivist-update.lock"

    /// The lock file.
    let path: String
    private let storeName: String
    private let fileSystem: any FileSystem
    /// One update at a time in this process; recursive for nested updates on the same thread.
    private let threads = NSRecursiveLock()
    /// How many updates the holding thread has entered (nested ones included).
    private var depth = 0
    /// The descriptor holding the `flock`, while `depth > 0`.
    private var file: FileDescriptor?

    /// Creates the lock of a store (no file is touched yet).
    ///
    /// - Parameters:
    ///   - directory: The store's directory.
    ///   - storeName: The store's name, for errors.
    ///   - fileSystem: The file system the lock file is opened and locked through.
    init(directory: String, storeName: String, fileSystem: any FileSystem) {
        path = AtomicFileWriter.join(directory, Self.fileName)
        self.storeName = storeName
        self.fileSystem = fileSystem
    }

    /// Runs `body` holding the store's update lock in this process and in every other.
    ///
    /// - Parameters:
    ///   - key: The key being updated, for errors.
    ///   - body: The read-modify-write.
    /// - Returns: What `body` returns.
    /// - Throws: ``PersistenceError`` with the key and the lock file when it cannot be opened or
    ///   locked (`body` does not run then), or what `body` throws.
    func withLock<Value>(key: String, _ body: () throws -> Value) throws -> Value {
        threads.lock()
        defer { threads.unlock() }
        if depth == 0 { file = try acquire(key: key) }
        depth += 1
        defer {
            depth -= 1
            if depth == 0, let held = file {
                file = nil
                fileSystem.unlock(held)
                // The lock is already released; a close error changes nothing for it.
                try? fileSystem.close(held)
            }
        }
        return try body()
    }

    /// Opens the lock file (creating it) and waits for its exclusive `flock`.
    private func acquire(key: String) throws(PersistenceError) -> FileDescriptor {
        let opened: FileDescriptor
        do {
            opened = try fileSystem.open(path, mode: .readWrite(permissions: 0o644))
        } catch {
            throw PersistenceError(error, "cannot open the update lock of store \"\(storeName)\" to update key \"\(key)\"",
                                   key: key)
        }
        do {
            _ = try fileSystem.lock(opened, .exclusive, wait: true)
            return opened
        } catch {
            try? fileSystem.close(opened)
            throw PersistenceError(error, "cannot lock store \"\(storeName)\" to update key \"\(key)\"", key: key)
        }
    }
}
