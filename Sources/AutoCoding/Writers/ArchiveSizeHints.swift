import Foundation
import PropertyList

/// The sizes of the last archive written per root type and format, so the next one can allocate
/// its buffers once instead of growing them by doubling (which briefly holds old and new copies
/// and can leave up to twice the needed capacity).
final class ArchiveSizeHints: @unchecked Sendable {
    // @unchecked: `table` is only touched while `lock` is held.

    /// The hints every archive uses.
    static let shared = ArchiveSizeHints()

    /// What the last archive of a root type needed.
    struct Hint {
        /// Output bytes.
        var bytes: Int
        /// Objects (binary only).
        var objects: Int
    }

    private struct Key: Hashable {
        var type: ObjectIdentifier
        var format: PropertyListFormat
    }

    private let lock = NSLock()
    private var table: [Key: Hint] = [:]

    /// The hint for `type` in `format`, or `nil` before its first archive.
    func hint(for type: Any.Type, format: PropertyListFormat) -> Hint? {
        lock.lock()
        defer { lock.unlock() }
        return table[Key(type: ObjectIdentifier(type), format: format)]
    }

    /// Records what an archive of `type` in `format` needed.
    func record(_ hint: Hint, for type: Any.Type, format: PropertyListFormat) {
        lock.lock()
        defer { lock.unlock() }
        table[Key(type: ObjectIdentifier(type), format: format)] = hint
    }
}
