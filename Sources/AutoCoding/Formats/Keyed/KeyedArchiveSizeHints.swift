import Foundation

/// How many records the last keyed archive of each root type held, so the next one reserves its
/// buffers once instead of growing them by doubling (each doubling copies the records and, for
/// large buffers, faults in fresh pages).
final class KeyedArchiveSizeHints: @unchecked Sendable {
    // @unchecked: `table` is only touched while `lock` is held.

    /// The counts of one archive.
    struct Sizes {
        var slots = 0
        var fields = 0
        var references = 0
        var strings = 0
        var datas = 0
    }

    /// The hints every keyed archive uses.
    static let shared = KeyedArchiveSizeHints()

    private let lock = NSLock()
    private var table: [ObjectIdentifier: Sizes] = [:]

    /// The counts of the last archive of `type`, or `nil` before the first.
    func sizes(for type: Any.Type) -> Sizes? {
        lock.lock()
        defer { lock.unlock() }
        return table[ObjectIdentifier(type)]
    }

    /// Records the counts of an archive of `type`.
    func record(_ sizes: Sizes, for type: Any.Type) {
        lock.lock()
        defer { lock.unlock() }
        table[ObjectIdentifier(type)] = sizes
    }
}
