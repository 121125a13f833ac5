import Foundation

/// A reader of XML property lists over raw UTF-8 bytes.
///
/// Only the XML a property list needs is understood: the declaration, comments, processing
/// instructions, a document type declaration that is skipped without being read (an internal
/// subset is refused, so entity expansion and external entities cannot happen), elements,
/// character data, CDATA sections, the five predefined entities and character references.
///
/// It records what it reads into an ``XMLPropertyListIndex``. Errors carry the byte offset in
/// `location.byteOffset`; the index turns it into a line and column only when something is
/// thrown, so the fast path never counts lines.
/// Nesting is handled with an explicit stack, not recursion, so no document can exhaust the
/// thread's stack; its depth is bounded by ``PropertyListReadingOptions/maximumDepth``.
struct XMLPropertyListScanner: ~Copyable {
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
    /// What has been read so far (see ``XMLPropertyListIndex``).
    var nodes: GrowableBuffer<XMLPropertyListIndex.Node>
    var children: GrowableBuffer<Int>
    var decodedText: [UInt8] = []
    var blobs: [Data] = []
    var rootNumber = 0
    /// The node numbers of the children of the open containers, innermost last (a dictionary's
    /// keys and values alternating).
    var pending = GrowableBuffer<Int>(capacity: 256)
    /// The key tables of the open dictionaries with many keys, innermost last.
    var keyTables: [[Int: Int]] = []

    init(input: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        self.input = input
        self.end = count
        self.maximumDepth = maximumDepth
        // A node takes at least a dozen bytes of markup (archives: about twenty), so this is
        // allocated once for most documents and never more than the input's size.
        nodes = GrowableBuffer(capacity: count / 24)
        children = GrowableBuffer(capacity: count / 24)
    }

    /// The index of what ``readDocument()`` read.
    ///
    /// - Throws: ``PropertyListError/Kind/unsupportedObject`` when memory ran out while reading.
    consuming func finish() throws(PropertyListError) -> XMLPropertyListIndex {
        try checkMemory()
        let failure = outOfMemory()
        let (input, end, decodedText, blobs, rootNumber) = (input, end, decodedText, blobs, rootNumber)
        let nodeMemory = nodes.takeMemory()
        let childMemory = children.takeMemory()
        guard let nodeBase = nodeMemory.base, let childBase = childMemory.base else {
            free(nodeMemory.base)
            free(childMemory.base)
            throw failure
        }
        return XMLPropertyListIndex(input: input, count: end, nodes: nodeBase, nodeCount: nodeMemory.count,
                                    children: childBase, decodedText: decodedText, blobs: blobs,
                                    rootNumber: rootNumber)
    }

    /// Throws when an append was dropped for want of memory, before anything reads past it.
    @inline(__always)
    func checkMemory() throws(PropertyListError) {
        if nodes.failed || children.failed || pending.failed { throw outOfMemory() }
    }

    func outOfMemory() -> PropertyListError {
        PropertyListError(.unsupportedObject, "memory ran out while reading an XML property list",
                          at: .init(byteOffset: position))
    }

    // MARK: Document

    /// Reads the whole document (prolog, root element, trailing comments) into its buffers; ``finish()`` makes the index.
    mutating func readDocument() throws(PropertyListError) {
        try skipPrologue()
        rootNumber = try readRoot()
        try skipSpaceAndComments()
        if position < end {
            throw syntaxError("unexpected content after the root element", at: position)
        }
    }

    /// Skips the byte-order mark, XML declaration, comments, processing instructions and
    /// document type declaration before the root element.
    private mutating func skipPrologue() throws(PropertyListError) {
        if byte(0) == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF {
            position = 3
        } else if (byte(0) == 0xFE && byte(1) == 0xFF) || (byte(0) == 0xFF && byte(1) == 0xFE) {
            throw syntaxError("the document is UTF-16; only UTF-8 property lists are supported", at: 0)
        }
        let documentStart = position
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
                // Nothing, not even white space, may come before the declaration (but the BOM).
                guard position == documentStart else {
                    throw syntaxError("the XML declaration must be at the very start of the document", at: position)
                }
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

    /// Reads `<plist>` and its single value, or a bare value element as CoreFoundation accepts;
    /// returns the value's node number.
    private mutating func readRoot() throws(PropertyListError) -> Int {
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
    @inline(__always)
    mutating func readStartTag() throws(PropertyListError) -> StartTag {
        let start = position
        if let (element, nameEnd) = knownName(at: start + 1) {
            switch input[nameEnd] {
            case UInt8(ascii: ">"):
                position = nameEnd + 1
                return StartTag(element: element, isEmpty: false, attributes: nameEnd..<nameEnd)
            case UInt8(ascii: "/") where byte(nameEnd + 1) == UInt8(ascii: ">"):
                position = nameEnd + 2
                return StartTag(element: element, isEmpty: true, attributes: nameEnd..<nameEnd)
            default:
                break
            }
        }
        return try readStartTagSlowly()
    }

    /// ``readStartTag()`` byte by byte: attributes, names that are no property-list element, and
    /// the errors.
    @inline(never)
    private mutating func readStartTagSlowly() throws(PropertyListError) -> StartTag {
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
    ///
    /// The attributes must be well formed as XML 1.0 says: `name="value"` or `name='value'`, each
    /// after white space, no `<` in a value, and no name twice in one tag.
    private mutating func skipAttributes(from index: Int,
                                         tagStart: Int) throws(PropertyListError) -> (isEmpty: Bool, end: Int) {
        var index = index
        var names: [Range<Int>] = []
        while index < end {
            let spaceStart = index
            while index < end, isSpace(input[index]) { index += 1 }
            guard index < end else { break }
            switch input[index] {
            case UInt8(ascii: ">"):
                position = index + 1
                return (false, index)
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: ">"):
                position = index + 2
                return (true, index)
            case UInt8(ascii: "<"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"):
                throw syntaxError("unexpected '\(Character(Unicode.Scalar(input[index])))' inside a tag", at: index)
            default:
                break
            }
            guard index > spaceStart else {
                throw syntaxError("attributes must be separated by white space", at: index)
            }
            let nameStart = index
            while index < end, !isSpace(input[index]), input[index] != UInt8(ascii: "="), input[index] != UInt8(ascii: ">"),
                  input[index] != UInt8(ascii: "/"), input[index] != UInt8(ascii: "\""), input[index] != UInt8(ascii: "'"),
                  input[index] != UInt8(ascii: "<") { index += 1 }
            let name = nameStart..<index
            while index < end, isSpace(input[index]) { index += 1 }
            guard byte(index) == UInt8(ascii: "=") else {
                throw syntaxError("malformed attribute \(text(name)); expected name=\"value\"", at: nameStart)
            }
            index += 1
            while index < end, isSpace(input[index]) { index += 1 }
            let quote = byte(index)
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw syntaxError("the value of attribute \(text(name)) is not quoted", at: index)
            }
            var close = index + 1
            while close < end, input[close] != quote {
                if input[close] == UInt8(ascii: "<") { throw syntaxError("'<' inside the value of attribute \(text(name))", at: close) }
                close += 1
            }
            guard close < end else { throw syntaxError("an attribute value is never closed", at: index) }
            for earlier in names where earlier.count == name.count
                && memcmp(input + earlier.lowerBound, input + name.lowerBound, name.count) == 0 {
                throw syntaxError("a second attribute \(text(name)) in one tag", at: nameStart)
            }
            names.append(name)
            index = close + 1
        }
        throw syntaxError("the document ends inside a tag", at: tagStart)
    }

    /// Reads `</name>` (white space allowed before `>`) for the element opened at `start`.
    @inline(__always)
    mutating func expectEndTag(_ element: Element, openedAt start: Int) throws(PropertyListError) {
        // Fast path: `</name>` exactly.
        if position + 10 <= end, input[position] == UInt8(ascii: "<"), input[position + 1] == UInt8(ascii: "/") {
            let word = loadWord(at: position + 2)
            let length = element.nameLength
            if word & Element.nameMask(length: length) == element.rawValue,
               UInt8(truncatingIfNeeded: word >> UInt64(8 * length)) == UInt8(ascii: ">") {
                position += 3 + length
                return
            }
        }
        try expectEndTagSlowly(element, openedAt: start)
    }

    /// ``expectEndTag(_:openedAt:)`` byte by byte: white space before `>`, the end of the
    /// document near, and the errors.
    @inline(never)
    private mutating func expectEndTagSlowly(_ element: Element, openedAt start: Int) throws(PropertyListError) {
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
    ///
    /// (Hot helpers that do not change the scanner are still inlined or `mutating`: a call to a
    /// non-mutating method from a mutating one copies the whole scanner first.)
    @inline(__always)
    func expectMarkup(inside element: Element, openedAt start: Int) throws(PropertyListError) {
        guard position < end else { throw unclosed(element, openedAt: start) }
        guard input[position] == UInt8(ascii: "<") else {
            throw syntaxError("unexpected text inside <\(element.name)>", at: position)
        }
    }

    /// Eight bytes at `index` (which must be at most `end - 8`) as a little-endian integer.
    @inline(__always)
    func loadWord(at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self))
    }

    /// The element whose name starts at `index` and the index after the name, when it is one of
    /// the property-list elements followed by what ends a name; `nil` otherwise (the caller then
    /// reads the name byte by byte, which gives the same answer and the errors). Eight bytes are
    /// read at once, so this needs `index + 8 <= end`.
    @inline(__always)
    private func knownName(at index: Int) -> (Element, Int)? {
        guard index + 8 <= end else { return nil }
        let word = loadWord(at: index)
        let element: Element
        switch UInt8(truncatingIfNeeded: word) {
        case UInt8(ascii: "d"):
            switch word & Element.nameMask(length: 4) {
            case Element.dict.rawValue: element = .dict
            case Element.date.rawValue: element = .date
            case Element.data.rawValue: element = .data
            default: return nil
            }
        case UInt8(ascii: "k"): element = .key
        case UInt8(ascii: "s"): element = .string
        case UInt8(ascii: "i"): element = .integer
        case UInt8(ascii: "r"): element = .real
        case UInt8(ascii: "a"): element = .array
        case UInt8(ascii: "t"): element = .true
        case UInt8(ascii: "f"): element = .false
        case UInt8(ascii: "p"): element = .plist
        default: return nil
        }
        let length = element.nameLength
        guard word & Element.nameMask(length: length) == element.rawValue else { return nil }
        let next = UInt8(truncatingIfNeeded: word >> UInt64(8 * length))
        guard next <= 0x20 || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") else { return nil }
        return (element, index + length)
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
