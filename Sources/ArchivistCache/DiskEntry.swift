/// What the disk index knows about one entry file.
package struct DiskEntry: Sendable, Equatable {
    /// The entry file's name in the format's entries directory.
    package var fileName: String
    /// Its size in bytes.
    package var size: Int64
    /// When it was stored (seconds since 1970), for fixed expiry.
    package var storedAt: Double
    /// When it was last stored or read, for sliding expiry.
    package var accessedAt: Double
    /// The session of that last use, for the last-session preload policy.
    package var session: UInt32
    /// Changes whenever the entry is replaced or removed, so a reader that let go of the lock can
    /// tell whether what it read is still current.
    package var generation: UInt64
    /// Used since its last journal record; the `accessed` record is written at the next flush.
    package var accessUnjournaled = false
}
