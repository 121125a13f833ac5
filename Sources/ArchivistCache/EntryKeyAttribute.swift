import CArchivistXattr
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The extended attribute that records a disk entry's key on the entry file itself, so the key is
/// recoverable from the file even when the journal is lost (see ``DiskLevel``).
package enum EntryKeyAttribute {
    /// The attribute's name. Linux allows unprivileged attributes only in the `user.` namespace.
    package static let name = "user.archivist.cache-key"

    /// Records `key` on the file at `path`.
    ///
    /// - Parameters:
    ///   - key: The entry's key (its UTF-8 bytes are stored).
    ///   - path: The entry file.
    /// - Returns: `false` when the file system refuses (no user attributes, the key is longer than
    ///   the attribute space allows…); the journal still holds the key then.
    @discardableResult
    package static func write(_ key: String, toFileAt path: String) -> Bool {
        let bytes = Array(key.utf8)
        return bytes.withUnsafeBytes { buffer in
            archivist_set_xattr(path, name, buffer.baseAddress, buffer.count) == 0
        }
    }

    /// The key recorded on the file at `path`, or `nil` when there is none (or it is not UTF-8).
    ///
    /// - Parameter path: The entry file.
    /// - Returns: The key.
    package static func read(fromFileAt path: String) -> String? {
        let length = archivist_get_xattr(path, name, nil, 0)
        guard length >= 0, length <= 1 << 16 else { return nil }
        var bytes = [UInt8](repeating: 0, count: length)
        let read = bytes.withUnsafeMutableBytes { buffer in
            archivist_get_xattr(path, name, buffer.baseAddress, buffer.count)
        }
        guard read >= 0, read <= bytes.count else { return nil }
        let slice = bytes[..<read]
        let key = String(decoding: slice, as: UTF8.self)
        return key.utf8.elementsEqual(slice) ? key : nil
    }
}
