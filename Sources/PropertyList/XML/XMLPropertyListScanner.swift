import Foundation

/// A reader of XML property lists over raw UTF-8 bytes.
///
/// Only the XML a property list needs is understood: the declaration, comments, processing
/// instructions, a document type declaration that is skipped without being read (an internal
/// subset is refused, so entity expansion and external entities cannot happen), elements,
/// character data, CDATA sections, the five predefined entities and character references.
///
/// Errors carry the byte offset in `location.byteOffset`; ``XMLPropertyListReader`` turns it
/// into a line and column only when something is thrown, so the fast path never counts lines.
/// Nesting is handled with an explicit stack, not recursion, so no document can exhaust the
/// thread's stack; its depth is bounded by ``PropertyListReadingOptions/maximumDepth``.
struct XMLPropertyListScanner {
    typealias Element = XMLPropertyListElement

    /// A start tag that has just been read.
    struct StartTag {
        let element: Element
        /// Whether it is an empty-element tag (`<name/>`).
        let isEmpty: Bool
        /// The bytes between the element name and the closing `>` or `/>`: its attributes and the
        /// white space around them; empty when there are none. Only `<date>` reads them.
        let attributes: Range<Int>
    }

    /// The document; valid for `0..<end`.
    let input: UnsafePointer<UInt8>
    /// The number of bytes in the document.
    let end: Int
    /// The next byte to read.
    var position = 0
    /// How deeply containers may nest.
    let maximumDepth: Int
    /// Reused for text that needs entity or CDATA processing.
    var scratch: [UInt8] = []

    init(input: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        self.input = input
        self.end = count
        self.maximumDepth = maximumDepth
    }

    // MARK: Document

    /// Reads the whole document: prolog, root element, trailing comments.
    mutating func readDocument() throws(PropertyListError) -> PropertyListValue {
        try skipPrologue()
        let value = try readRoot()
        try skipSpaceAndComments()
        if position < end {
            throw syntaxError("unexpected content after the root element", at: position)
        }
        return value
    }

    /// Skips the byte-order mark, XML declaration, comments, processing instructions and
    /// document type declaration before the root element.
    private mutating func skipPrologue() throws(PropertyListError) {
        if byte(0) == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF {
            position = 3
        } else if (byte(0) == 0xFE && byte(1) == 0xFF) || (byte(0) == 0xFF && byte(1) == 0xFE) {
            throw syntaxError("the document is UTF-16; only UTF-8 property lists are supported", at: 0)
        }
        var sawMarkup = false
        var sawDocumentType = false
        while true {
            skipSpace()
            guard position < end else { throw syntaxError("the document has no root element", at: position) }
            guard input[position] == UInt8(ascii: "<") else {
                throw syntaxError("unexpected text before the root element", at: position)
            }
            switch byte(position + 1) {
            case UInt8(ascii: "?") where isXMLDeclaration(at: position) && !sawMarkup:
                try readDeclaration()
            case UInt8(ascii: "?"):
                try skipProcessingInstruction()
            case UInt8(ascii: "!") where starts(with: "<!--", at: position):
                try skipComment()
            case UInt8(ascii: "!") where starts(with: "<!DOCTYPE", at: position):
                guard !sawDocumentType else {
                    throw syntaxError("a second document type declaration", at: position)
                }
                try skipDocumentType()
                sawDocumentType = true
            case UInt8(ascii: "!"):
                throw syntaxError("unexpected markup declaration before the root element", at: position)
            default:
                return
            }
            sawMarkup = true
        }
    }

    /// Reads `<plist>` and its single value, or a bare value element as CoreFoundation accepts.
    private mutating func readRoot() throws(PropertyListError) -> PropertyListValue {
        let start = position
        let tag = try readStartTag()
        guard tag.element == .plist else { return try readValue(startingWith: tag, openedAt: start) }
        guard !tag.isEmpty else { throw syntaxError("<plist> holds no value", at: start) }
        try skipSpaceAndComments()
        try expectMarkup(inside: .plist, openedAt: start)
        if byte(position + 1) == UInt8(ascii: "/") { throw syntaxError("<plist> holds no value", at: start) }
        let valueStart = position
        let value = try readValue(startingWith: try readStartTag(), openedAt: valueStart)
        try skipSpaceAndComments()
        try expectEndTag(.plist, openedAt: start)
        return value
    }

    // MARK: Tags

    /// Reads a start tag (or empty-element tag) at `position`, skipping over any attributes.
    mutating func readStartTag() throws(PropertyListError) -> StartTag {
        let start = position
        let (packed, length, nameEnd) = readName(from: start + 1)
        guard nameEnd < end else { throw syntaxError("the document ends inside a tag", at: start) }
        guard length > 0, length <= Element.maximumNameLength, let element = Element(rawValue: packed) else {
            if byte(start + 1) == UInt8(ascii: "/") {
                throw syntaxError("unexpected end tag \(describeTag(at: start))", at: start)
            }
            throw syntaxError("unexpected \(describeTag(at: start)); expected a property-list element", at: start)
        }
        switch input[nameEnd] {
        case UInt8(ascii: ">"):
            position = nameEnd + 1
            return StartTag(element: element, isEmpty: false, attributes: nameEnd..<nameEnd)
        case UInt8(ascii: "/") where byte(nameEnd + 1) == UInt8(ascii: ">"):
            position = nameEnd + 2
            return StartTag(element: element, isEmpty: true, attributes: nameEnd..<nameEnd)
        default:
            let (isEmpty, attributesEnd) = try skipAttributes(from: nameEnd, tagStart: start)
            return StartTag(element: element, isEmpty: isEmpty, attributes: nameEnd..<attributesEnd)
        }
    }

    /// Skips attributes (which property lists ignore, but for `<date>`'s `fraction`) up to the end
    /// of the tag at `tagStart`; returns whether the tag is an empty-element tag and the offset of
    /// its closing `>` or `/>`.
    private mutating func skipAttributes(from index: Int,
                                         tagStart: Int) throws(PropertyListError) -> (isEmpty: Bool, end: Int) {
        var index = index
        while index < end {
            switch input[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = input[index]
                var close = index + 1
                while close < end, input[close] != quote { close += 1 }
                guard close < end else { throw syntaxError("an attribute value is never closed", at: index) }
                index = close + 1
            case UInt8(ascii: ">"):
                position = index + 1
                return (false, index)
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: ">"):
                position = index + 2
                return (true, index)
            case UInt8(ascii: "<"), UInt8(ascii: "/"):
                throw syntaxError("unexpected '\(Character(Unicode.Scalar(input[index])))' inside a tag", at: index)
            default:
                index += 1
            }
        }
        throw syntaxError("the document ends inside a tag", at: tagStart)
    }

    /// Reads `</name>` (white space allowed before `>`) for the element opened at `start`.
    mutating func expectEndTag(_ element: Element, openedAt start: Int) throws(PropertyListError) {
        guard position < end else { throw unclosed(element, openedAt: start) }
        if input[position] == UInt8(ascii: "<"), byte(position + 1) == UInt8(ascii: "/") {
            let (packed, _, nameEnd) = readName(from: position + 2)
            if packed == element.rawValue {
                var index = nameEnd
                while index < end, isSpace(input[index]) { index += 1 }
                if byte(index) == UInt8(ascii: ">") {
                    position = index + 1
                    return
                }
            }
        }
        if position < end, input[position] != UInt8(ascii: "<") {
            throw syntaxError("unexpected text inside <\(element.name)>", at: position)
        }
        throw syntaxError("expected </\(element.name)> for the <\(element.name)> at \(lineAndColumnText(of: start)), "
                          + "found \(describeTag(at: position))", at: position)
    }

    /// Requires markup at `position` inside a container: reports the end of input or stray text.
    func expectMarkup(inside element: Element, openedAt start: Int) throws(PropertyListError) {
        guard position < end else { throw unclosed(element, openedAt: start) }
        guard input[position] == UInt8(ascii: "<") else {
            throw syntaxError("unexpected text inside <\(element.name)>", at: position)
        }
    }

    /// Reads an element name starting at `index`: its first seven bytes packed, its length, and
    /// the index after it.
    private func readName(from index: Int) -> (packed: UInt64, length: Int, end: Int) {
        var index = index
        var packed: UInt64 = 0
        var length = 0
        while index < end {
            let byte = input[index]
            if byte <= 0x20 || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { break }
            if length < 8 { packed |= UInt64(byte) << UInt64(8 * length) }
            length += 1
            index += 1
        }
        return (length <= Element.maximumNameLength ? packed : 0, length, index)
    }
}
