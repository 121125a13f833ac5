/// How far a write goes before it is reported done: the one durability option of every store.
///
/// Both levels write atomically (a reader sees the old or the new value, never a mix, and a
/// crashed process leaves one of them); they differ in what survives a power loss or kernel crash.
/// For ``ArchiveStore``, ``UniqueFileStore`` and saveable files a write replaces a file; for
/// ``BasicValueStore`` it appends a checksummed record to the log, and `.atomic` is its batched
/// mode: ``BasicValueStore/synchronize()`` flushes what was written so far.
public struct WriteDurability: Hashable, Sendable, CustomStringConvertible {
    /// Whether the file and its directory are flushed to the device (`fsync`) before returning.
    public let synchronizes: Bool

    private init(synchronizes: Bool) {
        self.synchronizes = synchronizes
    }

    /// Flushed to the device before the call returns, so the write survives power loss once it
    /// returns: a file is `fsync`ed, renamed into place and its directory `fsync`ed; a basic-value
    /// store's record is appended and `fsync`ed (concurrent writers share flushes). The default.
    public static let full = WriteDurability(synchronizes: true)

    /// No `fsync` by the call: the write survives the process crashing, but a power loss may lose
    /// the latest writes (never tear them). For caches, data that can be rebuilt, and bursts of
    /// basic-value sets followed by ``BasicValueStore/synchronize()``.
    public static let atomic = WriteDurability(synchronizes: false)

    /// `"full"` or `"atomic"`.
    public var description: String { synchronizes ? "full" : "atomic" }
}
