import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 64-bit counter in the first 8 bytes of the store's lock file, mapped into memory shared by
/// every process that has the store open, and in the 8 bytes after it the replacement mark.
///
/// Writers increment the counter (holding the `flock`) before they change the log; a reader
/// compares it with the value it last saw, so noticing "nobody wrote" costs one memory load
/// instead of a `stat` system call. When the mapping is unavailable every check reports a change,
/// and readers fall back to `stat`.
///
/// The mark is set while a process replaces the log (compaction, ``BasicValueStore/removeAll()``),
/// which writes a temporary file next to it. A mark that a process holding the `flock` finds set
/// was left by a process that died replacing the log: only then does opening list the directory
/// for temporary files of dead processes, instead of at every open.
final class BasicChangeCounter {
    private let address: UnsafeMutableRawPointer?
    /// The value when this process last brought its view up to date.
    private var seen: UInt64 = 0

    private static let mappedSize = BasicLogFormat.lockFileSize
    private static let replacementMarkOffset = BasicLogFormat.replacementMarkOffset

    /// Maps the two words of an open lock file, which must already be at least
    /// ``BasicLogFormat/lockFileSize`` bytes long.
    ///
    /// - Parameter descriptor: The lock file, open for reading and writing.
    init(descriptor: Int32) {
        let mapped = mmap(nil, Self.mappedSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        address = mapped == MAP_FAILED ? nil : mapped
    }

    deinit {
        if let address { munmap(address, Self.mappedSize) }
    }

    /// Whether a replacement of the log may have been cut short, leaving its temporary file
    /// behind (always `true` without a mapping). Use holding the `flock`.
    var replacementMayHaveBeenInterrupted: Bool {
        guard let address else { return true }
        return address.load(fromByteOffset: Self.replacementMarkOffset, as: UInt64.self) != 0
    }

    /// Sets or clears the replacement mark. Call holding the `flock`.
    ///
    /// - Parameter inProgress: Whether a replacement is starting (`true`) or is over (`false`).
    func markReplacement(inProgress: Bool) {
        guard let address else { return }
        address.storeBytes(of: inProgress ? 1 : 0, toByteOffset: Self.replacementMarkOffset, as: UInt64.self)
    }

    /// Whether the counter moved since ``markSeen()`` (always `true` without a mapping).
    var hasChanged: Bool {
        guard let address else { return true }
        // An aligned 8-byte load is atomic on every supported CPU; the `flock` that follows a
        // change orders everything else.
        return address.load(as: UInt64.self) != seen
    }

    /// Records the current value as seen: this process's view is up to date. Call holding the `flock`.
    func markSeen() {
        guard let address else { return }
        seen = address.load(as: UInt64.self)
    }

    /// Announces a change about to be made. Call holding the `flock`, before changing the log.
    func increment() {
        guard let address else { return }
        let next = address.load(as: UInt64.self) &+ 1
        address.storeBytes(of: next, as: UInt64.self)
        seen = next
    }
}
