import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 64-bit counter in the first 8 bytes of the store's lock file, mapped into memory shared by
/// every process that has the store open.
///
/// Writers increment it (holding the `flock`) before they change the log; a reader compares it with
/// the value it last saw, so noticing "nobody wrote" costs one memory load instead of a `stat`
/// system call. When the mapping is unavailable every check reports a change, and readers fall
/// back to `stat`.
final class BasicChangeCounter {
    private let address: UnsafeMutableRawPointer?
    /// The value when this process last brought its view up to date.
    private var seen: UInt64 = 0

    /// Maps the counter of an open lock file, which must already be at least 8 bytes long.
    ///
    /// - Parameter descriptor: The lock file, open for reading and writing.
    init(descriptor: Int32) {
        let mapped = mmap(nil, 8, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        address = mapped == MAP_FAILED ? nil : mapped
    }

    deinit {
        if let address { munmap(address, 8) }
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
