import Foundation
import PropertyList

/// The size of the last archive written per root type and format, so the next one can allocate
/// its buffer once instead of growing it by doubling (which briefly holds old and new copies and
/// can leave up to twice the needed capacity).
final class ArchiveSizeHints: @unchecked Sendable {
    // @unchecked: `table` is only touched while `lock` is held.

    /// The hints every archive uses.
    static let shared = ArchiveSizeHints()

    private struct Key: Hashable {
        var type: ObjectIdentifier
        var format: PropertyListFormat
    }

    private let lock = NSLock()
    private var table: [Key: Int] = [:]

    /// The buffer to allocate for an archive of `type` in `format`: a little over the last one's
    /// size, or 64 KiB before the first.
    func capacity(for type: Any.Type, format: PropertyListFormat) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let last = table[Key(type: ObjectIdentifier(type), format: format)] else { return 1 << 16 }
        return last + last / 16 + 256
    }

    /// Records the size of an archive of `type` in `format`.
    func record(_ size: Int, for type: Any.Type, format: PropertyListFormat) {
        lock.lock()
        defer { lock.unlock() }
        table[Key(type: ObjectIdentifier(type), format: format)] = size
    }
}
