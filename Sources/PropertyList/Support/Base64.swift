import Foundation

/// Table-driven base64 (RFC 4648 standard alphabet) for the `<data>` element.
///
/// Foundation's decoder cannot report where bad input is and allocates intermediate strings; this
/// one works on raw bytes, skips the white space XML writers put between lines, and says which
/// byte is wrong.
package enum Base64 {
    /// Why and where decoding failed.
    package struct DecodingError: Error, Sendable, Hashable {
        /// The offset of the offending byte in the encoded text.
        package var offset: Int
        /// What is wrong, for people.
        package var reason: String
    }

    /// The 64 digits, in value order.
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Table entry for XML white space (skipped).
    private static let space: UInt8 = 0x40
    /// Table entry for `=`.
    private static let padding: UInt8 = 0x41
    /// Table entry for any other byte.
    private static let invalid: UInt8 = 0xFF

    /// Digit value of each byte, or one of the markers above.
    private static let decodingTable: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, digit) in alphabet.enumerated() { table[Int(digit)] = UInt8(value) }
        for blank in [0x20, 0x09, 0x0A, 0x0D] { table[blank] = space }
        table[Int(UInt8(ascii: "="))] = padding
        return table
    }()

    /// The number of characters `byteCount` bytes encode to, padding included, without line breaks.
    package static func encodedLength(of byteCount: Int) -> Int {
        (byteCount / 3 + (byteCount % 3 == 0 ? 0 : 1)) * 4
    }

    /// Encodes bytes as one line of padded base64.
    ///
    /// - Parameter bytes: The bytes to encode.
    /// - Returns: The encoding, without line breaks.
    package static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        var buffer = ByteBuffer(initialCapacity: encodedLength(of: bytes.count))
        encode(bytes, lineLength: 0, indentation: 0, into: &buffer)
        return buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the base64 encoding of `bytes`, broken into lines.
    ///
    /// - Parameters:
    ///   - bytes: The bytes to encode.
    ///   - lineLength: Characters per line (rounded down to a multiple of 4, at least 4); 0 writes
    ///     one line and no line feed.
    ///   - indentation: Tabs written before each line.
    ///   - buffer: Where the text goes; every line, the last included, ends with a line feed.
    package static func encode(_ bytes: UnsafeRawBufferPointer, lineLength: Int, indentation: Int,
                               into buffer: inout ByteBuffer) {
        let total = encodedLength(of: bytes.count)
        guard total > 0, let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        // Whole groups per line, so a line never ends inside a group.
        let perLine = lineLength > 0 ? max(4, lineLength / 4 * 4) : total
        let lines = (total + perLine - 1) / perLine
        let extra = lineLength > 0 ? lines * (indentation + 1) : 0
        alphabet.withUnsafeBufferPointer { digits in
            buffer.appendUnsafe(length: total + extra) { raw in
                guard let output = raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                      let digit = digits.baseAddress else { return }
                let count = bytes.count
                let groupsPerLine = perLine / 4
                var out = 0
                var inputIndex = 0
                // One line per iteration: its indentation, its whole groups of three bytes, then the
                // padded tail if the input ends on it.
                while inputIndex < count {
                    if lineLength > 0 {
                        for _ in 0..<indentation { output[out] = 0x09; out += 1 }
                    }
                    // Whole groups: as many as fit on the line and in what is left.
                    let groups = min(groupsPerLine, (count - inputIndex) / 3)
                    var from = source + inputIndex
                    var to = output + out
                    for _ in 0..<groups {
                        let group = UInt32(from[0]) << 16 | UInt32(from[1]) << 8 | UInt32(from[2])
                        to[0] = digit[Int(group >> 18)]
                        to[1] = digit[Int(group >> 12 & 0x3F)]
                        to[2] = digit[Int(group >> 6 & 0x3F)]
                        to[3] = digit[Int(group & 0x3F)]
                        from += 3
                        to += 4
                    }
                    inputIndex += 3 * groups
                    out += 4 * groups
                    if groups < groupsPerLine, inputIndex < count {
                        let remaining = count - inputIndex
                        let first = UInt32(source[inputIndex])
                        let second = remaining > 1 ? UInt32(source[inputIndex + 1]) : 0
                        let group = first << 16 | second << 8
                        output[out] = digit[Int(group >> 18)]
                        output[out + 1] = digit[Int(group >> 12 & 0x3F)]
                        output[out + 2] = remaining > 1 ? digit[Int(group >> 6 & 0x3F)] : UInt8(ascii: "=")
                        output[out + 3] = UInt8(ascii: "=")
                        out += 4
                        inputIndex = count
                    }
                    if lineLength > 0 {
                        output[out] = 0x0A
                        out += 1
                    }
                }
            }
        }
    }

    /// Decodes base64 text that may contain XML white space anywhere.
    ///
    /// Padding may be omitted at the very end, but when present it must be complete and only
    /// white space may follow it.
    ///
    /// - Parameter text: The encoded characters.
    /// - Returns: The decoded bytes.
    /// - Throws: ``DecodingError`` with the offset of the first byte that is not a base64 digit,
    ///   white space or valid padding.
    package static func decode(_ text: UnsafeRawBufferPointer) throws(DecodingError) -> Data {
        let count = text.count
        guard count > 0, let input = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return Data() }
        // Decoded into temporary memory (on the stack when small), then copied once into a `Data`
        // of the right size: cheaper than growing and then shrinking one.
        let outcome: Result<Data, DecodingError> = decodingTable.withUnsafeBufferPointer { table in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count / 4 * 3 + 3) { scratch in
                guard let output = scratch.baseAddress, let values = table.baseAddress else { return .success(Data()) }
                return decode(input, count: count, table: values, into: output).map { Data(bytes: output, count: $0) }
            }
        }
        switch outcome {
        case .success(let data):
            return data
        case .failure(let error):
            throw error
        }
    }

    private static func decode(_ input: UnsafePointer<UInt8>, count: Int, table: UnsafePointer<UInt8>,
                               into output: UnsafeMutablePointer<UInt8>) -> Result<Int, DecodingError> {
        var index = 0
        var out = 0
        var group: UInt32 = 0
        var digits = 0
        while index < count {
            // Fast path: four digits in a row, the common case between line breaks.
            if digits == 0, index + 4 <= count {
                let a = table[Int(input[index])], b = table[Int(input[index + 1])]
                let c = table[Int(input[index + 2])], d = table[Int(input[index + 3])]
                if a | b | c | d < 0x40 {
                    let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    output[out] = UInt8(truncatingIfNeeded: word >> 16)
                    output[out + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    output[out + 2] = UInt8(truncatingIfNeeded: word)
                    out += 3
                    index += 4
                    continue
                }
            }
            let value = table[Int(input[index])]
            if value < 0x40 {
                group = group << 6 | UInt32(value)
                digits += 1
                if digits == 4 {
                    output[out] = UInt8(truncatingIfNeeded: group >> 16)
                    output[out + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    output[out + 2] = UInt8(truncatingIfNeeded: group)
                    out += 3
                    digits = 0
                    group = 0
                }
            } else if value == padding {
                return finishPadded(input, count: count, paddingAt: index, digits: digits, group: group,
                                    table: table, output: output, written: out)
            } else if value != space {
                return .failure(DecodingError(offset: index, reason: "\(describe(input[index])) is not a base64 character"))
            }
            index += 1
        }
        switch digits {
        case 0:
            return .success(out)
        case 1:
            return .failure(DecodingError(offset: count, reason: "base64 text ends with a lone character"))
        default:
            return .success(out + flush(group, digits: digits, into: output + out))
        }
    }

    /// Checks the `=` run starting at `paddingAt` and writes the final partial group.
    private static func finishPadded(_ input: UnsafePointer<UInt8>, count: Int, paddingAt start: Int, digits: Int,
                                     group: UInt32, table: UnsafePointer<UInt8>,
                                     output: UnsafeMutablePointer<UInt8>, written: Int) -> Result<Int, DecodingError> {
        guard digits >= 2 else {
            return .failure(DecodingError(offset: start, reason: "padding '=' where a base64 digit is expected"))
        }
        var needed = 4 - digits
        var index = start
        while index < count {
            let value = table[Int(input[index])]
            if value == padding, needed > 0 {
                needed -= 1
            } else if value != space {
                let reason = value == padding ? "too much '=' padding" : "\(describe(input[index])) after base64 padding"
                return .failure(DecodingError(offset: index, reason: reason))
            }
            index += 1
        }
        guard needed == 0 else {
            return .failure(DecodingError(offset: count, reason: "incomplete base64 padding"))
        }
        return .success(written + flush(group, digits: digits, into: output + written))
    }

    /// Writes the bytes of a final group of 2 or 3 digits; returns how many.
    private static func flush(_ group: UInt32, digits: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        if digits == 2 {
            output[0] = UInt8(truncatingIfNeeded: group >> 4)
            return 1
        }
        output[0] = UInt8(truncatingIfNeeded: group >> 10)
        output[1] = UInt8(truncatingIfNeeded: group >> 2)
        return 2
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
