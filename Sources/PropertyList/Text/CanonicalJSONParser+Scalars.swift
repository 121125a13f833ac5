import Foundation

/// Strings and the string-encoded scalars (`int`, `real`, `date`, `data`, `uid`).
extension CanonicalJSONParser {
    /// Reads a JSON string at `position` (which holds the opening quote), validating UTF-8 and
    /// decoding every JSON escape.
    mutating func parseString() throws(PropertyListError) -> String {
        let opening = position
        position += 1
        var runStart = position
        var decoded: [UInt8] = []
        var hasEscapes = false
        while true {
            guard position < bytes.count else {
                throw PropertyListError(.truncated, "unterminated string", at: .init(byteOffset: opening))
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<position])
                position += 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                decoded.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                try parseEscape(into: &decoded)
                runStart = position
            } else if byte < 0x20 {
                throw error(.invalidObject, "control character 0x\(String(byte, radix: 16)) must be escaped in a JSON string")
            } else if byte < 0x80 {
                position += 1
            } else {
                try skipUTF8Sequence()
            }
        }
    }

    /// Checks the multi-byte UTF-8 sequence at `position` and moves past it.
    private mutating func skipUTF8Sequence() throws(PropertyListError) {
        let lead = bytes[position]
        // The allowed range of the second byte excludes overlong forms, surrogates and values
        // above U+10FFFF; later bytes are plain continuation bytes.
        let continuationCount: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; secondRange = 0x80...0x9F
        case 0xF0: continuationCount = 3; secondRange = 0x90...0xBF
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; secondRange = 0x80...0x8F
        default:
            throw PropertyListError(.invalidString, "invalid UTF-8 byte 0x\(String(lead, radix: 16))",
                                    at: .init(byteOffset: position))
        }
        for index in 1...continuationCount {
            let offset = position + index
            guard offset < bytes.count else {
                throw PropertyListError(.truncated, "input ends inside a UTF-8 sequence", at: .init(byteOffset: position))
            }
            let range = index == 1 ? secondRange : 0x80...0xBF
            guard range.contains(bytes[offset]) else {
                throw PropertyListError(.invalidString, "invalid UTF-8 sequence", at: .init(byteOffset: position))
            }
        }
        position += 1 + continuationCount
    }

    /// Decodes the escape at `position` (a backslash) into `decoded`.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(PropertyListError) {
        let start = position
        guard position + 1 < bytes.count else {
            throw PropertyListError(.truncated, "input ends inside an escape", at: .init(byteOffset: start))
        }
        let letter = bytes[position + 1]
        position += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = UInt32(try parseHexQuad(escapeStart: start))
            if (0xDC00...0xDFFF).contains(scalarValue) {
                throw PropertyListError(.invalidString, "lone low surrogate \\u\(String(scalarValue, radix: 16))",
                                        at: .init(byteOffset: start))
            }
            if (0xD800...0xDBFF).contains(scalarValue) {
                guard matches(#"\u"#) else {
                    throw PropertyListError(.invalidString, "high surrogate \\u\(String(scalarValue, radix: 16)) without a low surrogate",
                                            at: .init(byteOffset: start))
                }
                let lowStart = position
                position += 2
                let low = UInt32(try parseHexQuad(escapeStart: lowStart))
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw PropertyListError(.invalidString, "high surrogate \\u\(String(scalarValue, radix: 16)) without a low surrogate",
                                            at: .init(byteOffset: start))
                }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw PropertyListError(.invalidString, "invalid code point", at: .init(byteOffset: start))
            }
            decoded.append(contentsOf: scalar.utf8)
        default:
            throw PropertyListError(.invalidObject, "invalid escape \\\(Character(Unicode.Scalar(letter)))",
                                    at: .init(byteOffset: start))
        }
    }

    /// Reads four hexadecimal digits (either case, as JSON allows) at `position`.
    private mutating func parseHexQuad(escapeStart: Int) throws(PropertyListError) -> UInt16 {
        guard bytes.count - position >= 4 else {
            throw PropertyListError(.truncated, "input ends inside a \\u escape", at: .init(byteOffset: escapeStart))
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(bytes[position], allowUppercase: true) else {
                throw PropertyListError(.invalidObject, "a \\u escape needs four hexadecimal digits",
                                        at: .init(byteOffset: escapeStart))
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8, allowUppercase: Bool) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where allowUppercase: return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    // MARK: - String-encoded scalars

    /// Reads a string of printable ASCII without escapes (all that scalar spellings need) and
    /// returns the offsets of its contents.
    private mutating func parsePlainString(for type: String) throws(PropertyListError) -> Range<Int> {
        guard peek() == UInt8(ascii: "\"") else {
            throw error(.invalidObject, "the \(type) node needs its value as a JSON string, found \(describe(position))")
        }
        let opening = position
        position += 1
        let start = position
        while true {
            guard let byte = peek() else {
                throw PropertyListError(.truncated, "unterminated string", at: .init(byteOffset: opening))
            }
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") else {
                throw error(.invalidObject, "unexpected \(describe(position)) in the \(type) value")
            }
            position += 1
        }
        position += 1
        return start..<(position - 1)
    }

    /// Reads the decimal digits in `range` (no sign, no leading zero) as a magnitude.
    private func parseDigits(_ range: Range<Int>, type: String) throws(PropertyListError) -> UInt64 {
        guard !range.isEmpty else { throw error(.invalidObject, "the \(type) value is empty", at: range.lowerBound) }
        if bytes[range.lowerBound] == UInt8(ascii: "0") && range.count > 1 {
            throw error(.invalidObject, "the \(type) value has a leading zero", at: range.lowerBound)
        }
        var magnitude: UInt64 = 0
        for offset in range {
            let byte = bytes[offset]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
                throw error(.invalidObject, "unexpected \(describe(offset)) in the \(type) value", at: offset)
            }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 {
                throw error(.integerOutOfRange, "the \(type) value exceeds \(UInt64.max)", at: range.lowerBound)
            }
            magnitude = sum
        }
        return magnitude
    }

    /// Reads an `int` value: `"-?(0|[1-9][0-9]*)"` within `Int64.min ... UInt64.max`.
    mutating func parseIntegerString() throws(PropertyListError) -> PropertyListInteger {
        let range = try parsePlainString(for: "int")
        guard range.first.map({ bytes[$0] == UInt8(ascii: "-") }) == true else {
            return PropertyListInteger(try parseDigits(range, type: "int"))
        }
        let magnitude = try parseDigits(range.dropFirst(), type: "int")
        guard magnitude != 0 else { throw error(.invalidObject, "\"-0\" is not a canonical int", at: range.lowerBound) }
        guard magnitude <= UInt64(Int64.max) + 1 else {
            throw error(.integerOutOfRange, "the int value is below \(Int64.min)", at: range.lowerBound)
        }
        return PropertyListInteger(Int64(bitPattern: 0 &- magnitude))
    }

    /// Reads a `uid` value: a decimal in `0 ... UInt64.max`.
    mutating func parseUIDString() throws(PropertyListError) -> UInt64 {
        try parseDigits(try parsePlainString(for: "uid"), type: "uid")
    }

    /// Reads a `real` or `date` value: `nan`, `inf`, `-inf` or a JSON-style decimal
    /// (`-?digits(.digits)?([eE][+-]?digits)?`), rounded correctly to the nearest double.
    mutating func parseRealString(for type: String) throws(PropertyListError) -> Double {
        let range = try parsePlainString(for: type)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        switch text {
        case "nan": return .nan
        case "inf": return .infinity
        case "-inf": return -.infinity
        default: break
        }
        guard Self.isDecimal(bytes[range]), let value = Double(text) else {
            throw error(.invalidObject, "\"\(text)\" is not a decimal number, nan, inf or -inf", at: range.lowerBound)
        }
        guard value.isFinite else {
            throw error(.invalidObject, "\"\(text)\" is too large for a double", at: range.lowerBound)
        }
        return value
    }

    /// Whether `text` matches `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isDecimal(_ text: Slice<UnsafeRawBufferPointer>) -> Bool {
        var index = text.startIndex
        func isDigit(_ offset: Int) -> Bool {
            offset < text.endIndex && text[offset] >= UInt8(ascii: "0") && text[offset] <= UInt8(ascii: "9")
        }
        func digits() -> Bool {
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
            return true
        }
        if index < text.endIndex && text[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() else { return false }
        if index < text.endIndex && text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if index < text.endIndex && (text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E")) {
            index += 1
            if index < text.endIndex && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() else { return false }
        }
        return index == text.endIndex
    }

    /// Reads a `data` value: an even number of lowercase hexadecimal digits.
    mutating func parseHexString() throws(PropertyListError) -> Data {
        let range = try parsePlainString(for: "data")
        guard range.count % 2 == 0 else {
            throw error(.invalidObject, "data hex has an odd number of digits (\(range.count))", at: range.lowerBound)
        }
        var result = Data(count: range.count / 2)
        var badOffset: Int?
        result.withUnsafeMutableBytes { out in
            var offset = range.lowerBound
            for index in 0..<out.count {
                guard let high = Self.hexValue(bytes[offset], allowUppercase: false) else { badOffset = offset; return }
                guard let low = Self.hexValue(bytes[offset + 1], allowUppercase: false) else { badOffset = offset + 1; return }
                out[index] = high << 4 | low
                offset += 2
            }
        }
        if let badOffset {
            throw error(.invalidObject, "unexpected \(describe(badOffset)) in data hex (lowercase 0-9a-f only)", at: badOffset)
        }
        return result
    }
}
