import Foundation

/// The directories of earlier versions this process kept using because renaming them failed.
///
/// Once a store has opened such a directory, a later adoption in the same process must not rename
/// it (or, for an application's directory, its parent) out from under the open store, even if the
/// rename would now succeed; so ``StoreDirectoryName/adopt(_:formerly:fileSystem:)`` keeps using a
/// directory recorded here for the rest of the process.
package final class EarlierDirectoriesInUse: @unchecked Sendable {
    // @unchecked: `paths` is only touched while `lock` is held.
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// Creates an empty record.
    package init() {}

    /// Records that `path` stays in use.
    ///
    /// - Parameter path: An earlier directory that could not be renamed.
    package func keep(_ path: String) {
        _ = lock.withLock { paths.insert(path) }
    }

    /// Whether `path` was kept in use.
    ///
    /// - Parameter path: A directory path, spelled as it was kept.
    /// - Returns: `true` when ``keep(_:)`` recorded it.
    package func contains(_ path: String) -> Bool {
        lock.withLock { paths.contains(path) }
    }
}
