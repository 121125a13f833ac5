extension BasicValueStore {
    /// How far a set goes before it returns.
    ///
    /// Either way a set is appended to the log with one `write` before it returns, so other
    /// processes see it at once and it survives this process crashing; the levels differ only in
    /// what survives a power loss or kernel crash.
    public enum Durability: Sendable, Hashable, CustomStringConvertible {
        /// `fsync` after every set and removal: once the call returns, the change survives power
        /// loss. The default, and what `UserDefaults.synchronize()` costs on Linux for every call.
        /// Sets made at the same time from several threads share their flushes (group commit):
        /// each still returns only once its own change is durable.
        case everyWrite
        /// No `fsync` per write; ``BasicValueStore/synchronize()`` flushes everything written so
        /// far. Much faster for bursts; a power loss may lose the unsynchronized tail (never tear
        /// a record: damaged or torn records are skipped when the log is read).
        case batched

        /// `"everyWrite"` or `"batched"`.
        public var description: String {
            switch self {
            case .everyWrite: "everyWrite"
            case .batched: "batched"
            }
        }
    }
}
