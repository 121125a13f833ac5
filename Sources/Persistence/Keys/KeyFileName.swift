import Foundation
import PropertyList

/// Maps any string key to a file-name stem that is safe on every file system, and back.
///
/// Keys are first put in Unicode normalization form C, so keys Swift considers equal
/// (`"é"` precomposed or as `e` + combining accent) name the same file on every platform. Their
/// UTF-8 bytes are then escaped into a name made only of `a-z 0-9 - _ .` plus escapes:
/// an uppercase letter `X` becomes `^x` (so case-insensitive file systems never merge two keys),
/// any other byte becomes `%hh` (lowercase hex), a leading `.` becomes `%2e` (no hidden files, no `.`
/// or `..`), and the empty key is `=`. `/`, NUL, `..` and separators can therefore never leave the
/// store's directory. When the escaped form is longer than ``maximumEscapedLength`` the stem is a
/// readable prefix, `~`, and a 64-bit FNV-1a hash of the key; the key itself is then recovered
/// from the file's contents, and two keys whose hashes collide are told apart the same way.
package enum KeyFileName {
    /// The longest escaped key used as a stem as is (file names are limited to 255 bytes, and the
    /// temporary name adds a prefix).
    package static let maximumEscapedLength = 150

    /// The escaped prefix kept in front of a hashed stem.
    package static let hashedPrefixLength = 64

    /// The stem for a key: the escaped key, or a prefix and hash for long keys.
    package enum Stem: Sendable, Equatable {
        /// The escaped key; ``KeyFileName/key(fromStem:)`` recovers the key.
        case exact(String)
        /// `prefix~hash`: the key is stored in the file. Colliding keys add `~1`, `~2`… to it.
        case hashed(String)

        /// The stem's text.
        package var text: String {
            switch self {
            case .exact(let text), .hashed(let text): text
            }
        }
    }

    /// The key as the store compares it: normalization form C.
    ///
    /// - Parameter key: Any string.
    /// - Returns: Its canonical composition.
    package static func normalized(_ key: String) -> String {
        // ASCII has a single normalization: skip Foundation's work for the common case.
        let ascii = key.utf8.withContiguousStorageIfAvailable { UTF8Validation.isASCII(UnsafeRawBufferPointer($0)) }
            ?? key.utf8.allSatisfy { $0 < 0x80 }
        if ascii { return key }
        return key.precomposedStringWithCanonicalMapping
    }

    /// The file-name stem of `key`.
    ///
    /// - Parameter key: Any string, already ``normalized(_:)`` or not.
    /// - Returns: An exact or hashed stem.
    package static func stem(for key: String) -> Stem {
        let canonical = normalized(key)
        let escaped = escape(canonical)
        if escaped.utf8.count <= maximumEscapedLength { return .exact(escaped) }
        // Whole escapes only: the prefix never ends inside a '%hh' or '^x'.
        // Whole characters too: never stop before a '%hh' holding a UTF-8 continuation byte.
        let bytes = Array(escaped.utf8)
        var starts: [Int] = []
        var end = 0
        while end < bytes.count {
            let token = bytes[end] == UInt8(ascii: "%") ? 3 : bytes[end] == UInt8(ascii: "^") ? 2 : 1
            if end + token > hashedPrefixLength { break }
            starts.append(end)
            end += token
        }
        func continuesCharacter(at index: Int) -> Bool {
            index + 2 < bytes.count && bytes[index] == UInt8(ascii: "%")
                && [UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(bytes[index + 1])
        }
        while let last = starts.last, end < bytes.count, continuesCharacter(at: end) {
            end = last
            starts.removeLast()
        }
        let prefix = String(decoding: bytes[..<end], as: UTF8.self)
        return .hashed(prefix + "~" + hexHash(of: canonical))
    }

    /// The key of an exact stem, or `nil` for hashed stems and names this mapping never produces.
    ///
    /// - Parameter stem: A file name without its extension.
    /// - Returns: The (normalized) key.
    package static func key(fromStem stem: String) -> String? {
        if stem == "=" { return "" }
        if stem.isEmpty || stem.contains("~") { return nil }
        var bytes: [UInt8] = []
        var iterator = Array(stem.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "^"):
                guard let letter = iterator.next(), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter) else {
                    return nil
                }
                bytes.append(letter - 32)
            default:
                bytes.append(byte)
            }
        }
        guard let key = String(validating: bytes, as: UTF8.self) else { return nil }
        // Only the canonical spelling counts: a foreign file such as `%41` or `A` is not ours.
        return escape(key) == stem && normalized(key) == key ? key : nil
    }

    /// Whether a stem is hashed (its key is read from the file).
    ///
    /// - Parameter stem: A file name without its extension.
    /// - Returns: `true` for stems containing `~`.
    package static func isHashed(_ stem: String) -> Bool {
        stem.contains("~")
    }

    /// Whether `stem` has the shape of a hashed stem: an escaped prefix, `~`, 16 hex digits, and
    /// optionally `~` and a collision number.
    ///
    /// - Parameter stem: A file name without its extension.
    /// - Returns: `true` for names this mapping produces for long keys.
    package static func isWellFormedHashedStem(_ stem: String) -> Bool {
        let parts = stem.split(separator: "~", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return false }
        let hash = parts[1]
        guard hash.utf8.count == 16, hash.utf8.allSatisfy({ hexValue($0) != nil }) else { return false }
        if parts.count == 3 {
            guard let collision = Int(parts[2]), collision > 0, String(collision) == parts[2] else { return false }
        }
        return parts[0].utf8.allSatisfy { byte in
            hexValue(byte) != nil || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "%"), UInt8(ascii: "^")].contains(byte)
        }
    }

    /// The escaped UTF-8 bytes of `key` (not normalized, not length-limited).
    ///
    /// - Parameter key: Any string.
    /// - Returns: A name of `a-z 0-9 - _ . ^ %` characters, or `=` for the empty key.
    package static func escape(_ key: String) -> String {
        if key.isEmpty { return "=" }
        var output: [UInt8] = []
        output.reserveCapacity(key.utf8.count)
        for (index, byte) in key.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"):
                output.append(byte)
            case UInt8(ascii: ".") where index > 0:
                output.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                output.append(UInt8(ascii: "^"))
                output.append(byte + 32)
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// 16 lowercase hex digits of the 64-bit FNV-1a hash of the key's UTF-8 bytes.
    ///
    /// - Parameter key: The normalized key.
    /// - Returns: The hash, zero-padded.
    package static func hexHash(of key: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
