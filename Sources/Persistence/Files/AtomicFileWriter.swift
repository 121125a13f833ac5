import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so that a reader or a crash sees the old or the new contents, never a mix.
///
/// A write goes to a temporary file in the target's directory (named ``temporaryPrefix``, the
/// writer's process id, a random tag and the target's name), which is flushed with `fsync`, renamed
/// over the target and made durable with an `fsync` of the directory — the step Foundation's
/// `.atomic` option skips. Any failure removes the temporary file and leaves the target untouched.
/// Concurrent durable writes through one writer share directory flushes (``DirectorySyncGroup``):
/// each still returns only after a flush begun after its own rename.
/// Temporary files a crashed process left behind are removed by
/// ``removeLeftoverTemporaryFiles(in:)``, which stores call when they open.
package struct AtomicFileWriter: Sendable {
    /// The start of every temporary file's name. Store file names never start with a dot.
    package static let temporaryPrefix = ".archivist-tmp-"

    /// The file system written to.
    package let fileSystem: any FileSystem
    /// Shares directory flushes between this writer's concurrent durable writes.
    private let directorySyncs = DirectorySyncGroup()

    /// Creates a writer.
    ///
    /// - Parameter fileSystem: The file system to write to.
    package init(fileSystem: any FileSystem = SystemFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// Atomically replaces (or creates) the file at `path` with `data`.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: The target file; its directory must exist.
    ///   - durability: Whether to `fsync` the file and the directory.
    ///   - permissions: The new file's permission bits.
    /// - Throws: ``SystemCallError`` of the first failing call; the target keeps its old contents.
    package func write(_ data: Data, to path: String, durability: WriteDurability = .full,
                       permissions: UInt16 = 0o644) throws(SystemCallError) {
        try commit(try prepare(data, for: path, durability: durability, permissions: permissions))
    }

    /// The first half of ``write(_:to:durability:permissions:)``: writes (and, when durable,
    /// flushes) `data` to a temporary file beside `path`, leaving `path` untouched.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: The target file; its directory must exist.
    ///   - durability: Whether to `fsync` the file now and the directory at commit.
    ///   - permissions: The new file's permission bits.
    /// - Returns: The write, to ``commit(_:flushingDirectory:)`` or ``discard(_:)``.
    /// - Throws: ``SystemCallError`` of the first failing call; no temporary file is left.
    package func prepare(_ data: Data, for path: String, durability: WriteDurability = .full,
                         permissions: UInt16 = 0o644) throws(SystemCallError) -> PreparedAtomicWrite {
        let (temporary, file) = try createTemporaryFile(for: path, permissions: permissions)
        do throws(SystemCallError) {
            do throws(SystemCallError) {
                try fileSystem.write(data, to: file)
                if durability.synchronizes { try fileSystem.sync(file) }
            } catch {
                try? fileSystem.close(file)
                throw error
            }
            try fileSystem.close(file)
        } catch {
            _ = try? fileSystem.remove(temporary)
            throw error
        }
        return PreparedAtomicWrite(temporaryPath: temporary, targetPath: path, durability: durability)
    }

    /// The second half of ``write(_:to:durability:permissions:)``: renames the prepared file over
    /// its target (readers then see the new contents whole) and, when durable, flushes the directory.
    ///
    /// - Parameters:
    ///   - write: A prepared write, committed or discarded only once.
    ///   - flushingDirectory: `false` leaves out the directory flush of a durable write, for a
    ///     caller that records the debt and pays it with ``syncDirectory(of:)`` before it reports
    ///     anything written after the rename durable (the file itself is already flushed).
    /// - Throws: ``SystemCallError`` of the failing call. When the rename fails the temporary file is
    ///   removed and the target keeps its old contents; when only the directory flush fails the new
    ///   contents are visible but may not survive a power loss.
    package func commit(_ write: PreparedAtomicWrite, flushingDirectory: Bool = true) throws(SystemCallError) {
        do throws(SystemCallError) {
            try fileSystem.rename(write.temporaryPath, to: write.targetPath)
        } catch {
            discard(write)
            throw error
        }
        if write.durability.synchronizes && flushingDirectory { try syncDirectory(of: write.targetPath) }
    }

    /// Flushes the directory that holds `path`, making renames and removals in it durable (shared
    /// with this writer's concurrent flushes).
    ///
    /// - Parameter path: A file in the directory.
    /// - Throws: ``SystemCallError`` from `fsync`.
    package func syncDirectory(of path: String) throws(SystemCallError) {
        try directorySyncs.syncDirectory(Self.directory(of: path), with: fileSystem)
    }

    /// Abandons a prepared write: its temporary file is removed, the target is untouched.
    ///
    /// - Parameter write: A prepared write not committed.
    package func discard(_ write: PreparedAtomicWrite) {
        _ = try? fileSystem.remove(write.temporaryPath)
    }

    /// Removes a file durably (the directory is flushed after the unlink).
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - durability: Whether to `fsync` the directory.
    /// - Returns: `false` when there was no file.
    /// - Throws: ``SystemCallError`` of the failing call.
    @discardableResult
    package func remove(_ path: String, durability: WriteDurability = .full) throws(SystemCallError) -> Bool {
        let removed = try fileSystem.remove(path)
        if removed && durability.synchronizes { try syncDirectory(of: path) }
        return removed
    }

    /// Removes temporary files left in `directory` by processes that no longer run.
    ///
    /// Files of live processes (including this one) are kept: they may be writes in progress.
    /// - Parameter directory: A store's directory.
    /// - Returns: How many files were removed.
    @discardableResult
    package func removeLeftoverTemporaryFiles(in directory: String) -> Int {
        guard let names = try? fileSystem.contentsOfDirectory(directory) else { return 0 }
        var removed = 0
        for name in names where Self.isTemporaryFileName(name) {
            guard let pid = Self.processID(inTemporaryName: name), !Self.isProcessRunning(pid) else { continue }
            if (try? fileSystem.remove(Self.join(directory, name))) == true { removed += 1 }
        }
        return removed
    }

    /// Whether `name` is one of this writer's temporary files.
    ///
    /// - Parameter name: A file name.
    /// - Returns: `true` for names starting with ``temporaryPrefix``.
    package static func isTemporaryFileName(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix)
    }

    /// Creates the temporary file for a write, retrying on a (very unlikely) name clash.
    private func createTemporaryFile(for path: String,
                                     permissions: UInt16) throws(SystemCallError) -> (String, FileDescriptor) {
        let directory = Self.directory(of: path)
        let target = String((path as NSString).lastPathComponent.utf8.prefix(160)) ?? "file"
        var attempt = 0
        while true {
            var generator = SystemRandomNumberGenerator()
            let tag = String(generator.next() & 0xFFFF_FFFF, radix: 16)
            let name = "\(Self.temporaryPrefix)\(getpid())-\(tag)-\(target)"
            let temporary = Self.join(directory, name)
            do {
                return (temporary, try fileSystem.open(temporary, mode: .createExclusive(permissions: permissions)))
            } catch where error.code == EEXIST && attempt < 8 {
                attempt += 1
            }
        }
    }

    private static func processID(inTemporaryName name: String) -> pid_t? {
        let rest = name.dropFirst(temporaryPrefix.count)
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        return pid_t(rest[..<dash])
    }

    private static func isProcessRunning(_ pid: pid_t) -> Bool {
        if pid == getpid() { return true }
        if pid <= 0 { return false }
        // Signal 0 checks existence only; EPERM means it exists under another user.
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The directory part of a path (`.` for a bare name), as `deletingLastPathComponent` gives it:
    /// trailing slashes are not a component, and the slashes before the last component go too.
    /// Worked out on the path's bytes: bridging to `NSString` was a tenth of opening a small store.
    package static func directory(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        var utf8 = path.utf8[...]
        while utf8.count > 1, utf8.last == slash { utf8 = utf8.dropLast() }
        guard let lastSlash = utf8.lastIndex(of: slash) else { return "." }
        var directory = utf8[..<lastSlash]
        while let last = directory.last, last == slash { directory = directory.dropLast() }
        if directory.isEmpty { return "/" }
        return String(Substring(directory))
    }

    /// `directory/name`.
    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
