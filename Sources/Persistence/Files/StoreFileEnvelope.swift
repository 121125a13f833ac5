import Foundation

/// The layout of one stored entry on disk: a header naming the key, then the payload, checksummed.
///
/// ```
/// offset  size  field
///      0     4  magic "ARVS"
///      4     1  layout version (1)
///      5     3  zero
///      8     4  key length in bytes (UInt32, little endian)
///     12     8  payload length in bytes (UInt64, little endian)
///     20     4  CRC-32 of the key bytes followed by the payload bytes
///     24        key (UTF-8, normalization form C), then payload
/// ```
/// The key makes every file self-describing (hashed file names, and caches that list entries);
/// the lengths and checksum turn a truncated or damaged file into a ``Problem`` instead of a wrong
/// value. The payload of an archive store is the value's binary property-list archive.
package enum StoreFileEnvelope {
    /// The header's size in bytes.
    package static let headerSize = 24

    private static let magic: [UInt8] = Array("ARVS".utf8)
    private static let layoutVersion: UInt8 = 1

    /// What is wrong with bytes that are not an envelope.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The explanation, e.g. `the file is 30 bytes, its header announces 52`.
        package var description: String
    }

    /// Wraps a payload with its key.
    ///
    /// - Parameters:
    ///   - payload: The value's bytes.
    ///   - key: The normalized key.
    /// - Returns: The file's contents.
    package static func encode(_ payload: Data, key: String) -> Data {
        let keyBytes = Array(key.utf8)
        var data = Data(capacity: headerSize + keyBytes.count + payload.count)
        data.append(contentsOf: magic)
        data.append(contentsOf: [layoutVersion, 0, 0, 0])
        append(UInt64(keyBytes.count), bytes: 4, to: &data)
        append(UInt64(payload.count), bytes: 8, to: &data)
        let checksum = CRC32.checksum(payload, continuing: CRC32.checksum(keyBytes))
        append(UInt64(checksum), bytes: 4, to: &data)
        data.append(contentsOf: keyBytes)
        data.append(payload)
        return data
    }

    /// Reads only the key of an envelope (the payload is checked too).
    ///
    /// - Parameter data: A file's contents.
    /// - Returns: The key.
    /// - Throws: ``Problem`` when the bytes are not an intact envelope.
    package static func key(in data: Data) throws(Problem) -> String {
        try decode(data).key
    }

    /// Unwraps a file's contents.
    ///
    /// - Parameter data: A file's contents.
    /// - Returns: The key and the payload.
    /// - Throws: ``Problem`` for a wrong magic, a truncated or overlong file, a bad checksum or a key
    ///   that is not UTF-8.
    package static func decode(_ data: Data) throws(Problem) -> (key: String, payload: Data) {
        let bytes = data.startIndex
        guard data.count >= headerSize else {
            throw Problem(description: "the file is \(data.count) bytes, shorter than the \(headerSize)-byte header")
        }
        guard data.prefix(4).elementsEqual(magic) else {
            throw Problem(description: "the file does not start with the store's magic \"ARVS\"")
        }
        guard data[bytes + 4] == layoutVersion else {
            throw Problem(description: "unknown layout version \(data[bytes + 4])")
        }
        guard read(data, at: 5, bytes: 3) == 0 else {
            throw Problem(description: "the header's reserved bytes are not zero")
        }
        let keyLength = read(data, at: 8, bytes: 4)
        let payloadLength = read(data, at: 12, bytes: 8)
        let storedChecksum = UInt32(truncatingIfNeeded: read(data, at: 20, bytes: 4))
        let available = UInt64(data.count - headerSize)
        guard keyLength <= available, payloadLength <= available - keyLength else {
            throw Problem(description: "the file is \(data.count) bytes, shorter than its header announces "
                          + "(key \(keyLength), payload \(payloadLength)): truncated")
        }
        guard keyLength + payloadLength == available else {
            throw Problem(description: "the file has \(available - keyLength - payloadLength) bytes after its payload")
        }
        let keyStart = bytes + headerSize
        let payloadStart = keyStart + Int(keyLength)
        let keyBytes = data[keyStart..<payloadStart]
        let payload = data[payloadStart...]
        let checksum = CRC32.checksum(payload, continuing: CRC32.checksum(keyBytes))
        guard checksum == storedChecksum else {
            throw Problem(description: "checksum mismatch (stored \(hex(storedChecksum)), computed \(hex(checksum))): "
                          + "the file is damaged")
        }
        guard let key = String(validating: keyBytes, as: UTF8.self) else {
            throw Problem(description: "the stored key is not valid UTF-8")
        }
        return (key, Data(payload))
    }

    private static func append(_ value: UInt64, bytes: Int, to data: inout Data) {
        for index in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }

    private static func read(_ data: Data, at offset: Int, bytes: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<bytes {
            value |= UInt64(data[data.startIndex + offset + index]) << (8 * UInt64(index))
        }
        return value
    }

    private static func hex(_ value: UInt32) -> String {
        "0x" + String(value, radix: 16)
    }
}
