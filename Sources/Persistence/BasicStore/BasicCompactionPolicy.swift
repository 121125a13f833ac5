/// When the basic-value store rewrites its log with only the live records.
///
/// Compaction runs after a write (and when a store opens) once the log is at least
/// ``minimumFileSize`` bytes and garbage — overwritten values, removals, skipped damage — makes up
/// at least ``garbageRatio`` of it. With the default ratio of one half, the log never grows beyond
/// about twice the live data, and each compaction rewrites at most as many bytes as were appended
/// since the previous one, so the cost per set stays constant on average.
package struct BasicCompactionPolicy: Sendable, Equatable {
    /// Logs smaller than this are never compacted automatically.
    package var minimumFileSize: Int
    /// The share of garbage, from 0 to 1, that triggers compaction.
    package var garbageRatio: Double

    /// The default: logs from 1 MiB on, half garbage.
    ///
    /// A compaction costs two flushes whatever the live data's size (the new file's and, then or
    /// at the next `synchronize()`, its directory's). The minimum spreads them over at least
    /// 1 MiB of appends — some 16,000 small sets — so a small store whose keys are overwritten
    /// all day pays them once per 16,000 sets rather than once per 4,000 (256 KiB, the earlier
    /// minimum, made a batch of 1,000 sets pay a fifth of its time in compactions). The price: a
    /// small store's log can reach 1 MiB on disk, and opening it reads that much.
    package static let standard = BasicCompactionPolicy(minimumFileSize: 1 << 20, garbageRatio: 0.5)

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - minimumFileSize: The smallest log compacted automatically.
    ///   - garbageRatio: The share of garbage that triggers compaction.
    package init(minimumFileSize: Int, garbageRatio: Double) {
        self.minimumFileSize = minimumFileSize
        self.garbageRatio = garbageRatio
    }

    /// Whether a log of `fileSize` bytes with `garbage` bytes of garbage should be compacted.
    ///
    /// - Parameters:
    ///   - fileSize: The log's size.
    ///   - garbage: Its garbage bytes.
    /// - Returns: `true` when both thresholds are reached.
    package func shouldCompact(fileSize: Int, garbage: Int) -> Bool {
        fileSize >= minimumFileSize && Double(garbage) >= garbageRatio * Double(max(fileSize, 1))
    }
}
