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

    /// The default: logs from 256 KiB on, half garbage.
    package static let standard = BasicCompactionPolicy(minimumFileSize: 256 << 10, garbageRatio: 0.5)

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
