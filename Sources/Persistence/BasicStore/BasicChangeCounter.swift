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
///
/// A second bit of the mark word records a directory flush owed: a compaction of a store with
/// ``WriteDurability/atomic`` renames the new log into place without flushing the directory, and
/// whichever process next makes writes durable (``BasicValueStore/synchronize()``, a set with
/// ``WriteDurability/full``) flushes it first, so that no write it reports durable sits in a file
/// whose name a power loss could still take back.
final class BasicChangeCounter {
    private let address: UnsafeMutableRawPointer?
    /// The value when this process last brought its view up to date (used under the store's lock:
    /// no dynamic exclusivity check).
    @exclusivity(unchecked) private var seen: UInt64 = 0

    private static let mappedSize = BasicLogFormat.lockFileSize
    private static let replacementMarkOffset = BasicLogFormat.replacementMarkOffset
    private static let replacingBit = BasicLogFormat.replacingBit
    private static let directoryFlushOwedBit = BasicLogFormat.directoryFlushOwedBit

    /// Maps the two words of an open lock file, which must already be at least
    /// ``BasicLogFormat/lockFileSize`` bytes long.
    ///
    /// - Parameter descriptor: The lock file, open for reading and writing.
    init(descriptor: Int32) {
        let mapped = mmap(nil, Self.mappedSize, PROT_READ | PROT_WRITE, MAP_SHARED | Self.populating, descriptor, 0)
        address = mapped == MAP_FAILED ? nil : mapped
    }

    /// `MAP_POPULATE` where there is one (Linux): the page is mapped by the `mmap` itself, so the
    /// open's first look at the counter does not take a page fault, a trap into the kernel as
    /// dear as a system call (the file is at least as long as the mapping, so the page exists).
    private static var populating: Int32 {
        #if os(Linux)
        return MAP_POPULATE
        #else
        return 0
        #endif
    }

    deinit {
        if let address { munmap(address, Self.mappedSize) }
    }

    /// Whether a replacement of the log may have been cut short, leaving its temporary file
    /// behind (always `true` without a mapping). Use holding the `flock`.
    var replacementMayHaveBeenInterrupted: Bool {
        guard let address else { return true }
        return Self.mark(at: address) & Self.replacingBit != 0
    }

    /// Sets or clears the replacement mark. Call holding the `flock`.
    ///
    /// - Parameter inProgress: Whether a replacement is starting (`true`) or is over (`false`).
    func markReplacement(inProgress: Bool) {
        setMarkBit(Self.replacingBit, inProgress)
    }

    /// Whether a replacement's directory flush is owed (see the type's discussion; never without a
    /// mapping, where it cannot be recorded and is not deferred). Use holding the `flock`.
    var directoryFlushIsOwed: Bool {
        guard let address else { return false }
        return Self.mark(at: address) & Self.directoryFlushOwedBit != 0
    }

    /// Whether a directory flush can be owed: only with the shared mapping can every process
    /// learn of the debt.
    var canOweDirectoryFlush: Bool { address != nil }

    /// Records that a directory flush is owed (before the rename it is for) or has been paid.
    /// Call holding the `flock`.
    ///
    /// - Parameter owed: `true` before a rename whose directory flush is deferred; `false` after a
    ///   directory flush, which covers every rename before it.
    func markDirectoryFlush(owed: Bool) {
        setMarkBit(Self.directoryFlushOwedBit, owed)
    }

    private func setMarkBit(_ bit: UInt64, _ set: Bool) {
        guard let address else { return }
        let mark = Self.mark(at: address)
        address.storeBytes(of: set ? mark | bit : mark & ~bit, toByteOffset: Self.replacementMarkOffset, as: UInt64.self)
    }

    private static func mark(at address: UnsafeMutableRawPointer) -> UInt64 {
        address.load(fromByteOffset: replacementMarkOffset, as: UInt64.self)
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
