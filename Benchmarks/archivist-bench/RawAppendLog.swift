import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The physical limit the basic-value store's writes are compared with: a file opened for
/// appending, written with bare `write` calls and flushed with `fdatasync`, nothing else.
final class RawAppendLog: @unchecked Sendable {
    // @unchecked: the descriptor is immutable; concurrent callers serialize through `lock`.
    private let descriptor: Int32
    private let path: String
    /// Serializes ``appendAndSyncSerialized(_:)`` callers, as a store's lock would.
    private let lock = NSLock()

    /// Creates (or truncates) the file at `path`.
    init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        self.path = path
        guard descriptor >= 0 else { throw BasicStoreBenchmarkFailure(description: "open \(path): errno \(errno)") }
    }

    deinit { close(descriptor) }

    /// One `write` of `bytes` at the end of the file.
    func append(_ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw BasicStoreBenchmarkFailure(description: "write \(path): \(written), errno \(errno)")
        }
    }

    /// `fdatasync` (plain `fsync` where there is none).
    func sync() throws {
        #if canImport(Darwin)
        let result = fsync(descriptor)
        #else
        let result = fdatasync(descriptor)
        #endif
        guard result == 0 else { throw BasicStoreBenchmarkFailure(description: "fdatasync \(path): errno \(errno)") }
    }

    /// An append and its own flush, excluding other threads in between (each pays its flush).
    func appendAndSyncSerialized(_ bytes: [UInt8]) throws {
        lock.lock()
        defer { lock.unlock() }
        try append(bytes)
        try sync()
    }

    /// Cuts the file back to empty, so a long run does not grow it without bound.
    func reset() {
        _ = ftruncate(descriptor, 0)
    }
}
