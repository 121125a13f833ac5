import Foundation
import Testing
import Persistence

/// The scanner checks the common record (an all-ASCII set of a string or data value) without a
/// byte reader; these payloads, each one byte away from such a record, must be accepted or refused
/// exactly as decoding them in full accepts or refuses them.
@Suite("BasicLogRecord ASCII payloads")
struct BasicLogRecordASCIITests {
    /// A framed record around `payload`, its checksum correct, so only the payload is judged.
    private func framed(_ payload: [UInt8]) -> [UInt8] {
        var length = UInt32(payload.count).littleEndian
        let lengthBytes = withUnsafeBytes(of: &length) { Array($0) }
        let crc = lengthBytes.withUnsafeBytes { first in
            payload.withUnsafeBytes { CRC32C.checksum(first, then: $0) }
        }
        return BasicLogFormat.marker + lengthBytes + withUnsafeBytes(of: crc.littleEndian) { Array($0) } + payload
    }

    /// The key's length when the whole decoder takes `payload` (all ASCII, so each varint is one
    /// byte): a removal of a key, or a set of a key to one value with nothing after it.
    private func decodedKeyCount(_ payload: [UInt8]) -> Int? {
        guard payload.count >= 2 else { return nil }
        let keyCount = Int(payload[1])
        guard keyCount <= payload.count - 2 else { return nil }
        switch payload[0] {
        case 0x02:
            return payload.count == 2 + keyCount ? keyCount : nil
        case 0x01:
            return payload.withUnsafeBytes { bytes -> Int? in
                var reader = BasicByteReader(bytes, offset: 2 + keyCount)
                guard (try? BasicValueDecoder.decode(from: &reader)) != nil, reader.remaining == 0 else { return nil }
                return keyCount
            }
        default:
            return nil
        }
    }

    /// The key's length of the one record the scanner finds in `framed(payload)` (its key after the
    /// 12-byte record header, the operation and the key length), or `nil`.
    private func scannedKeyCount(_ payload: [UInt8]) -> Int? {
        let bytes = framed(payload)
        var found: [BasicRecordLocation] = []
        _ = bytes.withUnsafeBytes { BasicLogScanner.scan($0, from: 0) { found.append($0) } }
        guard let location = found.first, found.count == 1, location.offset == 0, location.size == bytes.count,
              location.isSet == (payload[0] == 0x01), location.keyStart == 12 + 2 else {
            return nil
        }
        return location.keyCount
    }

    @Test func everyOneByteChangeIsJudgedAsTheDecoderJudgesIt() {
        let key = Array("key.17".utf8)
        let value = Array("value 17 of the settings".utf8)
        let base: [UInt8] = [0x01, UInt8(key.count)] + key + [0x01, UInt8(value.count)] + value
        #expect(scannedKeyCount(base) == key.count)
        // Each byte replaced by a few ASCII values (tags, operations, lengths, ordinary bytes).
        for position in base.indices {
            for replacement: UInt8 in [0x00, 0x01, 0x02, 0x03, 0x07, 0x08, 0x09, 0x10, 0x18, 0x19, 0x1A, 0x41, 0x7F] {
                var payload = base
                payload[position] = replacement
                #expect(scannedKeyCount(payload) == decodedKeyCount(payload), "byte \(position) = \(replacement)")
            }
        }
        // Cut short, or with a stray byte after the value.
        for count in 1 ..< base.count {
            let payload = Array(base[..<count])
            #expect(scannedKeyCount(payload) == decodedKeyCount(payload), "cut to \(count)")
        }
        #expect(scannedKeyCount(base + [0x41]) == nil)
        // Data, an empty key and an empty value, and a removal.
        for payload: [UInt8] in [[0x01, 0x01, 0x6B, 0x07, 0x02, 0x00, 0x7F], [0x01, 0x00, 0x01, 0x00],
                                 [0x02, 0x03, 0x6B, 0x65, 0x79], [0x01, 0x01, 0x6B, 0x02, 0x04]] {
            #expect(scannedKeyCount(payload) == decodedKeyCount(payload), "\(payload)")
            #expect(decodedKeyCount(payload) != nil, "\(payload)")
        }
    }
}
