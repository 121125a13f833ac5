import Foundation

/// The element tree, recorded into ``XMLPropertyListIndex``: containers are kept on an explicit
/// stack rather than the call stack, because ~800 bytes of stack per level would let a deeply
/// nested document overflow a 512 KB thread stack well within the default depth limit.
extension XMLPropertyListScanner {
    typealias Node = XMLPropertyListIndex.Node

    /// An open `<array>` or `<dict>`. Plain values only, so the stack costs no reference counting.
    private struct Frame {
        /// `.array` or `.dict`.
        let element: Element
        /// Offset of the start tag, for errors.
        let openedAt: Int
        /// Its node number.
        let node: Int
        /// Where its children start in `pending`.
        let base: Int
        /// The node number of the key read for the next dictionary value, and where its `<key>` starts.
        var keyNode = -1
        var keyStart = 0
        /// The entry a repeated key's value replaces, or -1 for a new key.
        var replacing = -1
        /// Its key table in `keyTables` once it has more keys than a linear search suits, or -1.
        var table = -1
        /// One bit per key read so far, chosen by ``keyBit(_:)``: a key whose bit is clear is new.
        var keyBits: UInt64 = 0

        init(_ element: Element, openedAt: Int, node: Int, base: Int) {
            self.element = element
            self.openedAt = openedAt
            self.node = node
            self.base = base
        }
    }

    /// Keys are searched linearly up to this many per dictionary, then through a hash table.
    private static var linearKeySearchLimit: Int { 16 }

    /// Records the value whose start tag has just been read, with everything nested in it, and
    /// returns its node number.
    mutating func readValue(startingWith firstTag: StartTag, openedAt firstStart: Int) throws(PropertyListError) -> Int {
        // The innermost open container is kept apart from the others, in a local, so the work on
        // it needs no indexing.
        var parents = GrowableBuffer<Frame>(capacity: 16)
        var top = Frame(.plist, openedAt: 0, node: 0, base: 0)
        var depth = 0
        var tag = firstTag
        var start = firstStart
        while true {
            if tag.element == .array || tag.element == .dict {
                guard depth < maximumDepth else {
                    throw PropertyListError(.depthLimitExceeded, "containers nest deeper than the limit of \(maximumDepth)",
                                            at: .init(byteOffset: start))
                }
                let number = try appendNode(Node(tag.element == .array ? .array : .dictionary))
                if tag.isEmpty {
                    guard depth > 0 else { return number }
                    add(number, to: &top)
                } else {
                    if depth > 0 {
                        parents.append(top)
                        if parents.failed { throw outOfMemory() }
                    }
                    top = Frame(tag.element, openedAt: start, node: number, base: pending.count)
                    depth += 1
                }
            } else {
                if tag.element == .key, depth > 0, top.element == .dict {
                    throw syntaxError("key \(String(reflecting: keyText(top))) has no value", at: top.keyStart)
                }
                let number = try appendNode(try readLeaf(tag, openedAt: start))
                guard depth > 0 else { return number }
                add(number, to: &top)
            }
            // Close finished containers, then move to the next child (after its key, in a dictionary).
            while true {
                try skipSpaceAndComments()
                try expectMarkup(inside: top.element, openedAt: top.openedAt)
                if byte(position + 1) == UInt8(ascii: "/") {
                    try expectEndTag(top.element, openedAt: top.openedAt)
                    try finish(top)
                    let finished = top.node
                    depth -= 1
                    guard depth > 0 else { return finished }
                    top = parents[parents.count - 1]
                    parents.removeSuffix(from: parents.count - 1)
                    add(finished, to: &top)
                    continue
                }
                if top.element == .dict {
                    try readKey(into: &top)
                    try skipSpaceAndComments()
                    try expectMarkup(inside: .dict, openedAt: top.openedAt)
                    if byte(position + 1) == UInt8(ascii: "/") {
                        throw syntaxError("key \(String(reflecting: keyText(top))) has no value", at: top.keyStart)
                    }
                }
                start = position
                tag = try readStartTag()
                break
            }
        }
    }

    /// Appends a node and returns its number.
    @inline(__always)
    private mutating func appendNode(_ node: Node) throws(PropertyListError) -> Int {
        nodes.append(node)
        try checkMemory()
        return nodes.count - 1
    }

    /// Adds the value `number` to the open container of `frame` (after its key, in a dictionary).
    /// An append dropped for want of memory is caught by ``finish(_:)`` before anything reads it.
    @inline(__always)
    private mutating func add(_ number: Int, to frame: inout Frame) {
        if frame.element != .dict {
            pending.append(number)
        } else if frame.replacing >= 0 {
            // A repeated key keeps its first position and takes the last value, like CoreFoundation.
            pending[frame.base + 2 * frame.replacing + 1] = number
        } else {
            pending.append(frame.keyNode)
            pending.append(number)
        }
    }

    /// Moves the children of a closed container from `pending` into the index.
    private mutating func finish(_ frame: Frame) throws(PropertyListError) {
        try checkMemory()
        let count = pending.count - frame.base
        let first = children.count
        nodes[frame.node].lower = first
        nodes[frame.node].payload = UInt64(frame.element == .array ? count : count / 2)
        children.append(contentsOf: pending, from: frame.base)
        try checkMemory()
        pending.removeSuffix(from: frame.base)
        if frame.table >= 0 { keyTables.removeLast() }
        // A dictionary whose only key is `CF$UID` with a non-negative integer is a keyed-archive
        // reference, as CoreFoundation reads it.
        if frame.element == .dict, count == 2 {
            let key = nodes[children[first]]
            let value = nodes[children[first + 1]]
            if value.kind == .integer, value.flags & XMLPropertyListIndex.isNegative == 0,
               withUTF8(key, { $0.elementsEqual("CF$UID".utf8) }) {
                nodes[frame.node] = Node(.uid, payload: value.payload)
            }
        }
    }

    /// Runs `body` over the UTF-8 of a text node read so far.
    @inline(__always)
    private func withUTF8<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if node.flags & XMLPropertyListIndex.isDecoded == 0 {
            return body(UnsafeBufferPointer(start: input + node.lower, count: node.count))
        }
        return decodedText.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[node.lower..<Int(node.payload)])) }
    }

    /// The text of the pending key of a dictionary frame, for messages.
    private mutating func keyText(_ frame: Frame) -> String {
        frame.keyNode >= 0 ? withUTF8(nodes[frame.keyNode]) { String(decoding: $0, as: UTF8.self) } : ""
    }

    /// Reads `<key>…</key>` at `position` for the frame of a dictionary.
    private mutating func readKey(into frame: inout Frame) throws(PropertyListError) {
        let keyStart = position
        let key: Node
        // `<key>` as archives write it, or any spelling of the start tag.
        if position + 8 <= end, loadWord(at: position) & Element.nameMask(length: 5) == 0x3E_79_65_6B_3C {
            position += 5
            key = try readText(of: .key, openedAt: keyStart)
        } else {
            let keyTag = try readStartTag()
            guard keyTag.element == .key else {
                throw syntaxError("<\(keyTag.element.name)> in a <dict> without a <key> before it", at: keyStart)
            }
            key = keyTag.isEmpty ? Node(.string, flags: XMLPropertyListIndex.isASCII, lower: 0, payload: 0)
                : try readText(of: .key, openedAt: keyStart)
        }
        frame.keyNode = try appendNode(key)
        frame.keyStart = keyStart
        frame.replacing = entry(withKey: key, in: &frame)
    }

    /// The entry of the open dictionary of `frame` whose key has the bytes of `key`, or -1 (when
    /// the key is also recorded, in a large dictionary, so later keys can find it).
    @inline(__always)
    private mutating func entry(withKey key: Node, in frame: inout Frame) -> Int {
        if frame.table < 0, pending.count - frame.base < 2 * Self.linearKeySearchLimit {
            let bit = keyBit(key)
            // Archives hold each key once: most keys are known to be new without a search.
            if frame.keyBits & bit == 0 {
                frame.keyBits |= bit
                return -1
            }
        }
        return entrySlowly(withKey: key, in: &frame)
    }

    /// ``entry(withKey:in:)`` when the key may be there: a search, linear or by hash table.
    @inline(never)
    private mutating func entrySlowly(withKey key: Node, in frame: inout Frame) -> Int {
        let entries = (pending.count - frame.base) / 2
        if frame.table < 0 {
            if entries < Self.linearKeySearchLimit {
                // The key's bit is set already.
                return linearPosition(ofKey: key, in: frame, entries: entries)
            }
            var table = [Int: Int](minimumCapacity: entries * 2)
            for entry in 0..<entries {
                let hash = keyHash(nodes[pending[frame.base + 2 * entry]])
                if table[hash] == nil { table[hash] = entry }
            }
            keyTables.append(table)
            frame.table = keyTables.count - 1
        }
        let hash = keyHash(key)
        if let entry = keyTables[frame.table][hash] {
            if sameText(key, nodes[pending[frame.base + 2 * entry]]) { return entry }
            // Another key with the same hash: rare enough to search them all.
            return linearPosition(ofKey: key, in: frame, entries: entries)
        }
        keyTables[frame.table][hash] = entries
        return -1
    }

    private mutating func linearPosition(ofKey key: Node, in frame: Frame, entries: Int) -> Int {
        let length = key.count
        for entry in 0..<entries {
            let other = nodes[pending[frame.base + 2 * entry]]
            if other.count == length, sameText(key, other) { return entry }
        }
        return -1
    }

    /// Whether two text nodes have the same bytes (keys compare literally, by Unicode scalars).
    @inline(__always)
    private func sameText(_ left: Node, _ right: Node) -> Bool {
        guard left.count == right.count else { return false }
        return withUTF8(left) { leftBytes in
            withUTF8(right) { rightBytes in
                guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else { return true }
                return memcmp(leftBase, rightBase, leftBytes.count) == 0
            }
        }
    }

    /// A bit from a key's length and its first and last bytes.
    @inline(__always)
    private func keyBit(_ key: Node) -> UInt64 {
        let length = key.count
        guard length > 0 else { return 1 }
        let first: UInt8
        let last: UInt8
        if key.flags & XMLPropertyListIndex.isDecoded == 0 {
            first = input[key.lower]
            last = input[key.lower + length - 1]
        } else {
            first = decodedText[key.lower]
            last = decodedText[key.lower + length - 1]
        }
        let mixed = (UInt64(truncatingIfNeeded: length) << 16 | UInt64(first) << 8 | UInt64(last)) &* 0x9E37_79B9_7F4A_7C15
        return 1 << (mixed >> 58)
    }

    private func keyHash(_ key: Node) -> Int {
        withUTF8(key) { bytes in
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize()
        }
    }

    /// Reads the content and end tag of a non-container element whose start tag has been read.
    private mutating func readLeaf(_ tag: StartTag, openedAt start: Int) throws(PropertyListError) -> Node {
        let element = tag.element
        let isEmpty = tag.isEmpty
        switch element {
        case .string:
            if isEmpty { return Node(.string, flags: XMLPropertyListIndex.isASCII, lower: 0, payload: 0) }
            return try readText(of: .string, openedAt: start)
        case .integer:
            let number = try readInteger(isEmpty: isEmpty, openedAt: start)
            return Node(.integer, flags: number.isNegative ? XMLPropertyListIndex.isNegative : 0, payload: number.bits)
        case .real:
            return Node(.real, payload: try readReal(isEmpty: isEmpty, openedAt: start).bitPattern)
        case .true, .false:
            if !isEmpty { try readBooleanContent(of: element, openedAt: start) }
            return Node(element == .true ? .true : .false)
        case .date:
            let date = try readDate(isEmpty: isEmpty, attributes: tag.attributes, openedAt: start)
            return Node(.date, payload: date.timeIntervalSinceReferenceDate.bitPattern)
        case .data:
            let bytes = isEmpty ? Data() : try readData(openedAt: start)
            blobs.append(bytes)
            return Node(.data, lower: blobs.count - 1)
        case .key:
            throw syntaxError("<key> outside a <dict>", at: start)
        case .plist:
            throw syntaxError("<plist> is allowed only as the root element", at: start)
        case .array, .dict:
            throw syntaxError("internal inconsistency: <\(element.name)> read as a leaf", at: start)
        }
    }
}
