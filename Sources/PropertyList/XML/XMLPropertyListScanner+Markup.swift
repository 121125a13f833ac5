/// Markup that carries no value: white space, comments, processing instructions, the XML
/// declaration and the document type declaration; plus byte access and error helpers.
extension XMLPropertyListScanner {
    // MARK: Bytes

    /// The byte at `index`, or 0 past the end (NUL never appears in well-formed markup).
    @inline(__always)
    func byte(_ index: Int) -> UInt8 {
        index < end ? input[index] : 0
    }

    /// Whether the bytes at `index` spell `pattern`.
    func starts(with pattern: StaticString, at index: Int) -> Bool {
        let length = pattern.utf8CodeUnitCount
        guard index + length <= end else { return false }
        let expected = pattern.utf8Start
        for offset in 0..<length where input[index + offset] != expected[offset] { return false }
        return true
    }

    /// XML white space: space, tab, line feed, carriage return.
    @inline(__always)
    func isSpace(_ byte: UInt8) -> Bool {
        // Bits 0x09, 0x0A, 0x0D and 0x20 of a 64-bit mask.
        byte <= 0x20 && (UInt64(1) << UInt64(byte)) & 0x1_0000_2600 != 0
    }

    /// The index of the first occurrence of `pattern` at or after `index`, or `nil`.
    func find(_ pattern: StaticString, from index: Int) -> Int? {
        let first = pattern.utf8Start[0]
        var index = index
        while index < end {
            if input[index] == first, starts(with: pattern, at: index) { return index }
            index += 1
        }
        return nil
    }

    // MARK: Skipping

    /// Skips white space.
    mutating func skipSpace() {
        while position < end, isSpace(input[position]) { position += 1 }
    }

    /// Skips white space, comments and processing instructions; stops at anything else.
    @inline(__always)
    mutating func skipSpaceAndComments() throws(PropertyListError) {
        while position < end, isSpace(input[position]) { position += 1 }
        if position < end, input[position] == UInt8(ascii: "<"),
           byte(position + 1) == UInt8(ascii: "!") || byte(position + 1) == UInt8(ascii: "?") {
            try skipSpaceAndCommentsSlowly()
        }
    }

    /// ``skipSpaceAndComments()`` from a `<!` or `<?`.
    @inline(never)
    private mutating func skipSpaceAndCommentsSlowly() throws(PropertyListError) {
        while position < end {
            let current = input[position]
            if isSpace(current) {
                position += 1
            } else if current == UInt8(ascii: "<"), byte(position + 1) == UInt8(ascii: "!"),
                      byte(position + 2) == UInt8(ascii: "-"), byte(position + 3) == UInt8(ascii: "-") {
                try skipComment()
            } else if current == UInt8(ascii: "<"), byte(position + 1) == UInt8(ascii: "?") {
                try skipProcessingInstruction()
            } else {
                return
            }
        }
    }

    /// Skips `<!-- … -->` at `position`.
    ///
    /// As XML 1.0 says, `--` may not appear inside a comment (so `--->` does not end one).
    mutating func skipComment() throws(PropertyListError) {
        guard let dashes = find("--", from: position + 4) else {
            throw syntaxError("a comment is never closed", at: position)
        }
        guard byte(dashes + 2) == UInt8(ascii: ">") else {
            throw syntaxError("'--' inside a comment", at: dashes)
        }
        position = dashes + 3
    }

    /// Skips `<?target … ?>` at `position`; a misplaced XML declaration is an error.
    mutating func skipProcessingInstruction() throws(PropertyListError) {
        if isXMLDeclaration(at: position) {
            throw syntaxError("the XML declaration must come first in the document", at: position)
        }
        guard let close = find("?>", from: position + 2) else {
            throw syntaxError("a processing instruction is never closed", at: position)
        }
        position = close + 2
    }

    /// Whether `<?xml` followed by white space starts at `index` (the target is case-insensitive).
    func isXMLDeclaration(at index: Int) -> Bool {
        byte(index) == UInt8(ascii: "<") && byte(index + 1) == UInt8(ascii: "?")
            && byte(index + 2) | 0x20 == UInt8(ascii: "x") && byte(index + 3) | 0x20 == UInt8(ascii: "m")
            && byte(index + 4) | 0x20 == UInt8(ascii: "l") && (isSpace(byte(index + 5)) || byte(index + 5) == UInt8(ascii: "?"))
    }

    /// Reads `<?xml version="…" encoding="…" standalone="…"?>`, refusing any encoding but UTF-8.
    mutating func readDeclaration() throws(PropertyListError) {
        let start = position
        var index = position + 5
        while true {
            while index < end, isSpace(input[index]) { index += 1 }
            guard index < end else { throw syntaxError("the XML declaration is never closed", at: start) }
            if input[index] == UInt8(ascii: "?"), byte(index + 1) == UInt8(ascii: ">") {
                position = index + 2
                return
            }
            let nameStart = index
            while index < end, !isSpace(input[index]), input[index] != UInt8(ascii: "="),
                  input[index] != UInt8(ascii: "?") { index += 1 }
            let nameEnd = index
            while index < end, isSpace(input[index]) { index += 1 }
            guard byte(index) == UInt8(ascii: "=") else {
                throw syntaxError("malformed XML declaration", at: index)
            }
            index += 1
            while index < end, isSpace(input[index]) { index += 1 }
            let quote = byte(index)
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw syntaxError("malformed XML declaration", at: index)
            }
            let valueStart = index + 1
            index = valueStart
            while index < end, input[index] != quote { index += 1 }
            guard index < end else { throw syntaxError("the XML declaration is never closed", at: start) }
            if text(nameStart..<nameEnd) == "encoding" {
                let encoding = text(valueStart..<index)
                guard ["utf-8", "utf8"].contains(encoding.lowercased()) else {
                    throw syntaxError("the document declares encoding \(String(reflecting: encoding)); "
                                      + "only UTF-8 property lists are supported", at: valueStart)
                }
            }
            index += 1
        }
    }

    /// Skips `<!DOCTYPE …>` without reading it; an internal subset (`[ … ]`) is refused because
    /// it could declare entities.
    mutating func skipDocumentType() throws(PropertyListError) {
        let start = position
        var index = position + 9
        guard isSpace(byte(index)) else { throw syntaxError("malformed document type declaration", at: start) }
        while index < end {
            switch input[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = input[index]
                var close = index + 1
                while close < end, input[close] != quote { close += 1 }
                guard close < end else {
                    throw syntaxError("a quoted string in the document type declaration is never closed", at: index)
                }
                index = close + 1
            case UInt8(ascii: "["):
                throw PropertyListError(.unsupportedDTD,
                                        "document type declarations with an internal subset are not supported "
                                        + "(entity declarations are never processed)",
                                        at: .init(byteOffset: index))
            case UInt8(ascii: ">"):
                position = index + 1
                return
            default:
                index += 1
            }
        }
        throw syntaxError("the document type declaration is never closed", at: start)
    }

    // MARK: Errors

    /// The bytes in `range` as text, for messages and declarations.
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: input + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// An ``PropertyListError/Kind/xmlSyntax`` error at a byte offset.
    func syntaxError(_ reason: String, at offset: Int) -> PropertyListError {
        PropertyListError(.xmlSyntax, reason, at: .init(byteOffset: offset))
    }

    /// The error for an element whose end tag never comes, located at its start tag.
    func unclosed(_ element: Element, openedAt start: Int) -> PropertyListError {
        syntaxError("<\(element.name)> is never closed", at: start)
    }

    /// `line L, column C` of an offset, for messages that mention a second place.
    func lineAndColumnText(of offset: Int) -> String {
        let place = XMLTextPosition(offset: offset, in: input, count: end)
        return "line \(place.line), column \(place.column)"
    }

    /// The tag at `index` as written (up to 40 bytes), or "the end of the document".
    func describeTag(at index: Int) -> String {
        guard index < end else { return "the end of the document" }
        var close = index + 1
        while close < end, close - index < 40, input[close] != UInt8(ascii: ">") { close += 1 }
        let shown = text(index..<min(close + 1, end))
        return String(reflecting: shown).dropFirst().dropLast().description
    }
}
