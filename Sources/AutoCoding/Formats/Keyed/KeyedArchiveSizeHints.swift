import Foundation

/// How many records the last keyed archive of each root type held, so the next one reserves its
/// buffers once instead of growing them by doubling (each doubling copies the records and, for
/// large buffers, faults in fresh pages).
final class KeyedArchiveSizeHints: @unchecked Sendable {
    // @unchecked: `table` is only touched while `lock` is held.

    /// The counts of one archive: its records, and (once it was written as a binary property
    /// list) its output's.
    struct Sizes {
        var slots = 0
        var fields = 0
        var references = 0
        var strings = 0
        var datas = 0
        /// The output's objects, references in containers, containers, distinct scalars and bytes
        /// (0: not written as a binary property list yet).
        var outputObjects = 0
        var outputReferences = 0
        var outputContainers = 0
        var outputScalars = 0
        var outputBytes = 0
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

    /// Records the counts of an archive of `type` (`change` updates what it counts, starting from
    /// the last archive's counts or zeros).
    func record(for type: Any.Type, _ change: (inout Sizes) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&table[ObjectIdentifier(type), default: Sizes()])
    }
}
