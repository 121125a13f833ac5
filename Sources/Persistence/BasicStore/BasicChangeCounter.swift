import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 64-bit counter in the first 8 bytes of the store's lock file, mapped into memory shared by
/// every process that has the store open, and in the 8 bytes after it the directory time of
/// ``BasicLogFile/removeLeftoverTemporaryFiles()``.
///
/// Writers increment the counter (holding the `flock`) before they change the log; a reader
/// compares it with the value it last saw, so noticing "nobody wrote" costs one memory load
/// instead of a `stat` system call. When the mapping is unavailable every check reports a change,
/// and readers fall back to `stat`.
final class BasicChangeCounter {
    private let address: UnsafeMutableRawPointer?
    /// The value when this process last brought its view up to date.
    private var seen: UInt64 = 0

    private static let mappedSize = BasicLogFormat.lockFileSize
    private static let listedDirectoryTimeOffset = BasicLogFormat.listedDirectoryTimeOffset

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

    /// The modification time of the log's directory when a store last listed it and found it
    /// settled (see ``BasicLogFile/removeLeftoverTemporaryFiles()``); `nil` when none was
    /// recorded or nothing is mapped. Use holding the `flock`.
    var listedDirectoryTime: Double? {
        get {
            guard let address else { return nil }
            let bits = address.load(fromByteOffset: Self.listedDirectoryTimeOffset, as: UInt64.self)
            return bits == 0 ? nil : Double(bitPattern: bits)
        }
        set {
            guard let address else { return }
            address.storeBytes(of: newValue?.bitPattern ?? 0, toByteOffset: Self.listedDirectoryTimeOffset, as: UInt64.self)
        }
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
