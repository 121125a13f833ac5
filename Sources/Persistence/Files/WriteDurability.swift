/// How far a write goes before it is reported done.
///
/// Both levels replace files atomically (a reader sees the old or the new file, never a mix, and a
/// crashed process leaves one of them); they differ in what survives a power loss or kernel crash.
public struct WriteDurability: Hashable, Sendable, CustomStringConvertible {
    /// Whether the file and its directory are flushed to the device (`fsync`) before returning.
    public let synchronizes: Bool

    private init(synchronizes: Bool) {
        self.synchronizes = synchronizes
    }

    /// `fsync` the file, rename it into place, `fsync` the directory: the write survives power loss
    /// once the call returns. The default.
    public static let full = WriteDurability(synchronizes: true)

    /// Rename into place without `fsync`: survives the process crashing, but a power loss may lose
    /// the latest writes (never tear them). For caches and data that can be rebuilt.
    public static let atomic = WriteDurability(synchronizes: false)

    /// `"full"` or `"atomic"`.
    public var description: String { synchronizes ? "full" : "atomic" }
}
