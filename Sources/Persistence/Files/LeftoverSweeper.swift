import Foundation

/// Removes the temporary files dead writers left in a directory, once per directory per process.
///
/// Stores sweep their directory every time they open. Files that save themselves
/// (``SavableObject``, ``SavableValue``) have no opening step and may live in any directory, so
/// their directories are swept by this at the first save, load or delete that touches each one.
/// The rule is ``AtomicFileWriter/removeLeftoverTemporaryFiles(in:)``'s, the one every store
/// uses: a temporary file is a leftover only when the process id in its name no longer runs, so
/// another live process's write in progress is never touched.
package final class LeftoverSweeper: @unchecked Sendable {
    // @unchecked: `swept` is only touched while `lock` is held; the writer is immutable.
    private let lock = NSLock()
    private var swept: Set<String> = []
    private let writer: AtomicFileWriter

    /// Creates a sweeper that has swept nothing yet.
    ///
    /// - Parameter fileSystem: The file system to list and remove through.
    package init(fileSystem: any FileSystem = SystemFileSystem()) {
        writer = AtomicFileWriter(fileSystem: fileSystem)
    }

    /// Sweeps `directory` unless this sweeper already did.
    ///
    /// A directory that cannot be listed (it may not exist yet) counts as swept: nothing can have
    /// been left in a directory that did not exist.
    /// - Parameter directory: A directory path.
    /// - Returns: How many leftovers were removed, or `nil` when the directory was swept before.
    @discardableResult
    package func sweepOnce(_ directory: String) -> Int? {
        let key = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path
        guard lock.withLock({ swept.insert(key).inserted }) else { return nil }
        return writer.removeLeftoverTemporaryFiles(in: directory)
    }
}
