import Foundation

/// The element tree: containers are kept on an explicit stack rather than the call stack, because
/// ~800 bytes of stack per level would let a deeply nested document overflow a 512 KB thread
/// stack well within the default depth limit.
extension XMLPropertyListScanner {
    /// An open `<array>` or `<dict>` and what has been read into it so far.
    private struct Frame {
        /// `.array` or `.dict`.
        let element: Element
        /// Offset of the start tag, for errors.
        let openedAt: Int
        var elements: [PropertyListValue] = []
        var dictionary = PropertyListDictionary()
        /// The key read for the next dictionary value, and where its `<key>` starts.
        var pendingKey = ""
        var keyStart = 0

        init(_ element: Element, openedAt: Int) {
            self.element = element
            self.openedAt = openedAt
        }

        mutating func add(_ value: PropertyListValue) {
            if element == .array {
                elements.append(value)
            } else {
                // A repeated key keeps its first position and takes the last value, like CoreFoundation.
                dictionary.updateValue(value, forKey: pendingKey)
            }
        }

        /// The finished container; a dictionary whose only key is `CF$UID` with a non-negative
        /// integer is a keyed-archive reference, as CoreFoundation reads it.
        func finish() -> PropertyListValue {
            if element == .array { return .array(elements) }
            if dictionary.count == 1, let only = dictionary.entries.first, only.key == "CF$UID",
               case .integer(let number) = only.value, let uid = number.uint64Value {
                return .uid(uid)
            }
            return .dictionary(dictionary)
        }
    }

    /// Reads the value whose start tag has just been read, with everything nested in it.
    mutating func readValue(startingWith firstTag: StartTag,
                            openedAt firstStart: Int) throws(PropertyListError) -> PropertyListValue {
        var stack: [Frame] = []
        var tag = firstTag
        var start = firstStart
        while true {
            if tag.element == .array || tag.element == .dict {
                guard stack.count < maximumDepth else {
                    throw PropertyListError(.depthLimitExceeded, "containers nest deeper than the limit of \(maximumDepth)",
                                            at: .init(byteOffset: start))
                }
                if tag.isEmpty {
                    let empty: PropertyListValue = tag.element == .array ? .array([]) : .dictionary(PropertyListDictionary())
                    guard !stack.isEmpty else { return empty }
                    stack[stack.count - 1].add(empty)
                } else {
                    stack.append(Frame(tag.element, openedAt: start))
                }
            } else {
                if tag.element == .key, let parent = stack.last, parent.element == .dict {
                    throw syntaxError("key \(String(reflecting: parent.pendingKey)) has no value", at: parent.keyStart)
                }
                let leaf = try readLeaf(tag, openedAt: start)
                guard !stack.isEmpty else { return leaf }
                stack[stack.count - 1].add(leaf)
            }
            // Close finished containers, then move to the next child (after its key, in a dictionary).
            while true {
                guard let top = stack.last else { throw syntaxError("internal inconsistency", at: position) }
                try skipSpaceAndComments()
                try expectMarkup(inside: top.element, openedAt: top.openedAt)
                if byte(position + 1) == UInt8(ascii: "/") {
                    try expectEndTag(top.element, openedAt: top.openedAt)
                    let finished = stack.removeLast().finish()
                    guard !stack.isEmpty else { return finished }
                    stack[stack.count - 1].add(finished)
                    continue
                }
                if top.element == .dict {
                    try readKey(into: &stack[stack.count - 1])
                    try skipSpaceAndComments()
                    try expectMarkup(inside: .dict, openedAt: top.openedAt)
                    if byte(position + 1) == UInt8(ascii: "/") {
                        let frame = stack[stack.count - 1]
                        throw syntaxError("key \(String(reflecting: frame.pendingKey)) has no value", at: frame.keyStart)
                    }
                }
                start = position
                tag = try readStartTag()
                break
            }
        }
    }

    /// Reads `<key>…</key>` at `position` into the frame of a dictionary.
    private mutating func readKey(into frame: inout Frame) throws(PropertyListError) {
        let keyStart = position
        let keyTag = try readStartTag()
        guard keyTag.element == .key else {
            throw syntaxError("<\(keyTag.element.name)> in a <dict> without a <key> before it", at: keyStart)
        }
        frame.pendingKey = keyTag.isEmpty ? "" : try readText(of: .key, openedAt: keyStart)
        frame.keyStart = keyStart
    }

    /// Reads the content and end tag of a non-container element whose start tag has been read.
    private mutating func readLeaf(_ tag: StartTag, openedAt start: Int) throws(PropertyListError) -> PropertyListValue {
        let element = tag.element
        let isEmpty = tag.isEmpty
        switch element {
        case .string:
            return .string(isEmpty ? "" : try readText(of: .string, openedAt: start))
        case .integer:
            return .integer(try readInteger(isEmpty: isEmpty, openedAt: start))
        case .real:
            return .real(try readReal(isEmpty: isEmpty, openedAt: start))
        case .true, .false:
            if !isEmpty { try readBooleanContent(of: element, openedAt: start) }
            return .bool(element == .true)
        case .date:
            return .date(try readDate(isEmpty: isEmpty, attributes: tag.attributes, openedAt: start))
        case .data:
            return .data(isEmpty ? Data() : try readData(openedAt: start))
        case .key:
            throw syntaxError("<key> outside a <dict>", at: start)
        case .plist:
            throw syntaxError("<plist> is allowed only as the root element", at: start)
        case .array, .dict:
            throw syntaxError("internal inconsistency: <\(element.name)> read as a leaf", at: start)
        }
    }
}
