/// A write that ``AtomicFileWriter/prepare(_:for:durability:permissions:)`` has put in a temporary
/// file, complete (and flushed, when durable) but not yet visible: ``AtomicFileWriter/commit(_:flushingDirectory:)``
/// renames it over its target, ``AtomicFileWriter/discard(_:)`` removes it.
///
/// Splitting the write lets a caller do the slow part (the bytes) outside a lock and only the
/// rename, which readers see atomically, inside it.
package struct PreparedAtomicWrite: Sendable {
    /// The temporary file holding the new contents.
    package let temporaryPath: String
    /// The file it replaces when committed.
    package let targetPath: String
    /// Whether committing flushes the directory.
    package let durability: WriteDurability
}
