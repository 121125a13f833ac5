/// Character data of `<string>` and `<key>`: exact text, entities, character references, CDATA.
extension XMLPropertyListScanner {
    /// Reads the text content and end tag of a `<string>` or `<key>` whose start tag has been read,
    /// as a text node: a range of the input when the text is plain, else of the index's decoded text.
    ///
    /// White space and line ends are kept exactly as written (as CoreFoundation does).
    mutating func readText(of element: Element, openedAt start: Int) throws(PropertyListError) -> XMLPropertyListIndex.Node {
        let textStart = position
        var index = textStart
        var combined: UInt8 = 0
        // Fast path: plain text up to the end tag, left where it is in the input; eight bytes at a
        // time to the first `<` or `&` (a byte of `x` is zero where `(x - 1) & ~x` first has its
        // high bit; above the first, bits can be wrong, so only the lowest is used).
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var words: UInt64 = 0
        while index + 8 <= end {
            let word = loadWord(at: index)
            let less = word ^ (ones &* UInt64(UInt8(ascii: "<")))
            let ampersand = word ^ (ones &* UInt64(UInt8(ascii: "&")))
            let found = ((less &- ones) & ~less | (ampersand &- ones) & ~ampersand) & highs
            if found != 0 {
                let bytes = found.trailingZeroBitCount / 8
                // The bytes before it.
                words |= word & Element.nameMask(length: bytes)
                index += bytes
                break
            }
            words |= word
            index += 8
        }
        if words & highs != 0 { combined = 0x80 }
        while index < end {
            let current = input[index]
            if current == UInt8(ascii: "<") || current == UInt8(ascii: "&") { break }
            combined |= current
            index += 1
        }
        guard index < end else { throw unclosed(element, openedAt: start) }
        guard input[index] == UInt8(ascii: "<"), byte(index + 1) == UInt8(ascii: "/") else {
            return try readTextWithMarkup(of: element, openedAt: start, from: textStart)
        }
        let isASCII = combined < 0x80
        try validate(textStart..<index, isASCII: isASCII)
        position = index
        try expectEndTag(element, openedAt: start)
        return XMLPropertyListIndex.Node(.string, flags: isASCII ? XMLPropertyListIndex.isASCII : 0,
                                         lower: textStart, payload: UInt64(index))
    }

    /// The slow path: text with entities, character references, CDATA sections or comments,
    /// assembled in the index's decoded text (`decodedText`).
    private mutating func readTextWithMarkup(of element: Element, openedAt start: Int,
                                             from textStart: Int) throws(PropertyListError) -> XMLPropertyListIndex.Node {
        let decodedStart = decodedText.count
        var segmentStart = textStart
        var index = textStart
        while true {
            guard index < end else { throw unclosed(element, openedAt: start) }
            let current = input[index]
            if current == UInt8(ascii: "&") {
                try appendRaw(segmentStart..<index)
                index = try appendReference(at: index)
                segmentStart = index
            } else if current == UInt8(ascii: "<") {
                try appendRaw(segmentStart..<index)
                if byte(index + 1) == UInt8(ascii: "/") {
                    position = index
                    break
                } else if starts(with: "<![CDATA[", at: index) {
                    guard let close = find("]]>", from: index + 9) else {
                        throw syntaxError("a CDATA section is never closed", at: index)
                    }
                    try appendRaw(index + 9..<close)
                    index = close + 3
                } else if starts(with: "<!--", at: index) {
                    position = index
                    try skipComment()
                    index = position
                } else if byte(index + 1) == UInt8(ascii: "?") {
                    position = index
                    try skipProcessingInstruction()
                    index = position
                } else {
                    throw syntaxError("unexpected \(describeTag(at: index)) inside <\(element.name)>", at: index)
                }
                segmentStart = index
            } else {
                index += 1
            }
        }
        try expectEndTag(element, openedAt: start)
        return XMLPropertyListIndex.Node(.string, flags: XMLPropertyListIndex.isDecoded, lower: decodedStart,
                                         payload: UInt64(decodedText.count))
    }

    /// Refuses malformed UTF-8 in input bytes (text that is not all ASCII). Mutating only so that
    /// calling it does not copy the scanner.
    @inline(__always)
    mutating func validate(_ range: Range<Int>, isASCII: Bool) throws(PropertyListError) {
        guard !isASCII else { return }
        let bytes = UnsafeRawBufferPointer(start: input + range.lowerBound, count: range.count)
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw invalidUTF8(at: range.lowerBound + bad)
        }
    }

    /// Appends validated input bytes to the decoded text. Segments end at ASCII markup, which can never
    /// split a well-formed UTF-8 sequence, so validating each segment alone is exact.
    private mutating func appendRaw(_ range: Range<Int>) throws(PropertyListError) {
        guard !range.isEmpty else { return }
        let bytes = UnsafeBufferPointer(start: input + range.lowerBound, count: range.count)
        if let bad = UTF8Validation.firstInvalidOffset(in: UnsafeRawBufferPointer(bytes)) {
            throw invalidUTF8(at: range.lowerBound + bad)
        }
        decodedText.append(contentsOf: bytes)
    }

    /// Decodes the entity or character reference at `index` (an `&`) into the decoded text; returns the
    /// index after its `;`.
    private mutating func appendReference(at index: Int) throws(PropertyListError) -> Int {
        if byte(index + 1) == UInt8(ascii: "#") {
            return try appendCharacterReference(at: index)
        }
        var nameEnd = index + 1
        while nameEnd < end, nameEnd - index <= 64, isNameByte(input[nameEnd]) { nameEnd += 1 }
        guard nameEnd > index + 1, byte(nameEnd) == UInt8(ascii: ";") else {
            throw syntaxError("'&' must begin an entity reference such as &amp;", at: index)
        }
        // Names packed little-endian, as element names are.
        var packed: UInt64 = 0
        if nameEnd - index - 1 <= 4 {
            for offset in index + 1..<nameEnd { packed |= UInt64(input[offset]) << UInt64(8 * (offset - index - 1)) }
        }
        let replacement: UInt8
        switch packed {
        case 0x74_6C: replacement = UInt8(ascii: "<") // lt
        case 0x74_67: replacement = UInt8(ascii: ">") // gt
        case 0x70_6D_61: replacement = UInt8(ascii: "&") // amp
        case 0x74_6F_75_71: replacement = UInt8(ascii: "\"") // quot
        case 0x73_6F_70_61: replacement = UInt8(ascii: "'") // apos
        default:
            throw PropertyListError(.unknownEntity,
                                    "unknown entity &\(text(index + 1..<nameEnd)); (only &lt; &gt; &amp; &quot; "
                                    + "&apos; and character references are supported)", at: .init(byteOffset: index))
        }
        decodedText.append(replacement)
        return nameEnd + 1
    }

    /// Decodes `&#N;` or `&#xH;` at `index` into the decoded text.
    private mutating func appendCharacterReference(at index: Int) throws(PropertyListError) -> Int {
        var cursor = index + 2
        let radix: UInt32 = byte(cursor) == UInt8(ascii: "x") ? 16 : 10
        if radix == 16 { cursor += 1 }
        var value: UInt32 = 0
        var digits = 0
        while cursor < end, input[cursor] != UInt8(ascii: ";") {
            guard let digit = Self.digitValue(input[cursor], radix: radix) else {
                throw syntaxError("malformed character reference", at: index)
            }
            value = value * radix + digit
            guard value <= 0x10FFFF else {
                throw syntaxError("character reference beyond U+10FFFF", at: index)
            }
            digits += 1
            cursor += 1
        }
        guard cursor < end, digits > 0 else { throw syntaxError("malformed character reference", at: index) }
        guard let scalar = Unicode.Scalar(value) else {
            throw syntaxError("character reference to U+\(String(value, radix: 16, uppercase: true)), "
                              + "which is not a Unicode scalar value", at: index)
        }
        // XML 1.0's Char: tab, LF, CR, U+0020…U+D7FF, U+E000…U+FFFD, U+10000 and up.
        guard value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xFFFD).contains(value) || value >= 0x10000 else {
            throw syntaxError("character reference to U+\(String(value, radix: 16, uppercase: true)), "
                              + "which XML does not allow", at: index)
        }
        appendUTF8(of: scalar)
        return cursor + 1
    }

    private mutating func appendUTF8(of scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            decodedText.append(UInt8(value))
        case 0x80..<0x800:
            decodedText.append(UInt8(0xC0 | value >> 6))
            decodedText.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            decodedText.append(UInt8(0xE0 | value >> 12))
            decodedText.append(UInt8(0x80 | value >> 6 & 0x3F))
            decodedText.append(UInt8(0x80 | value & 0x3F))
        default:
            decodedText.append(UInt8(0xF0 | value >> 18))
            decodedText.append(UInt8(0x80 | value >> 12 & 0x3F))
            decodedText.append(UInt8(0x80 | value >> 6 & 0x3F))
            decodedText.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// The value of a decimal or hexadecimal digit, or `nil`.
    static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: ":"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    private func invalidUTF8(at offset: Int) -> PropertyListError {
        PropertyListError(.invalidString, "text is not valid UTF-8 (byte 0x"
                          + String(input[offset], radix: 16, uppercase: true) + ")", at: .init(byteOffset: offset))
    }
}
