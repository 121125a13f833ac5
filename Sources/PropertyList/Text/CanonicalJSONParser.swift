import Foundation

/// A strict reader of canonical JSON (see ``PropertyListValue/canonicalJSON()``).
///
/// Containers are tracked on an explicit stack instead of by recursion, so the nesting limit, not
/// the thread's stack size, decides how deep a document may go. Every read is bounds-checked
/// against `bytes.count` before it happens, so truncated or hostile input ends in a
/// ``PropertyListError``, never a crash. Errors carry the byte offset where the problem was seen
/// and the path of the node being read.
struct CanonicalJSONParser {
    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    /// The offset of the next unread byte.
    var position = 0

    /// A container whose elements are being read.
    private enum Frame {
        case array([PropertyListValue])
        /// The dictionary so far and the key of the node being read.
        case dictionary(PropertyListDictionary, pendingKey: String)
    }

    /// The node types, by their spelling in `"type"`.
    private enum NodeType: String, CaseIterable {
        case dict, array, string, int, real, bool, date, data, uid

        /// The name as static bytes, for matching without building a `String`.
        var spelling: StaticString {
            switch self {
            case .dict: return "dict"
            case .array: return "array"
            case .string: return "string"
            case .int: return "int"
            case .real: return "real"
            case .bool: return "bool"
            case .date: return "date"
            case .data: return "data"
            case .uid: return "uid"
            }
        }
    }

    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Reads one node and requires nothing but white space after it.
    mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
        var stack: [Frame] = []
        do throws(PropertyListError) {
            skipWhitespace()
            let value = try parseNodes(stack: &stack)
            skipWhitespace()
            if position < bytes.count {
                throw error(.invalidObject, "unexpected \(describe(position)) after the document")
            }
            return value
        } catch var failure {
            failure.location.path = Self.path(of: stack)
            throw failure
        }
    }

    /// Reads the node at `position` and everything inside it.
    ///
    /// Each pass of the outer loop starts one node. A container node pushes a frame and goes on to
    /// its first element; a finished node is handed to the frame below, which either starts its
    /// next element or finishes in turn.
    private mutating func parseNodes(stack: inout [Frame]) throws(PropertyListError) -> PropertyListValue {
        nextNode: while true {
            let type = try parseNodeHeader()
            var finished: PropertyListValue
            switch type {
            case .dict:
                try checkDepth(stack.count + 1)
                try expect(UInt8(ascii: "{"), "an object as the value of a dict node")
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    finished = .dictionary(PropertyListDictionary())
                } else {
                    let dictionary = PropertyListDictionary()
                    let key = try parseKey(in: dictionary)
                    stack.append(.dictionary(dictionary, pendingKey: key))
                    continue nextNode
                }
            case .array:
                try checkDepth(stack.count + 1)
                try expect(UInt8(ascii: "["), "a list as the value of an array node")
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    finished = .array([])
                } else {
                    stack.append(.array([]))
                    continue nextNode
                }
            default:
                finished = try parseScalar(type)
            }
            // Close the finished node, then feed it to the containers above until one wants more.
            while true {
                skipWhitespace()
                if peek() == UInt8(ascii: ",") {
                    throw error(.invalidObject, "a node has only the members \"type\" and \"value\"")
                }
                try expect(UInt8(ascii: "}"), "\"}\" closing the node")
                guard let frame = stack.popLast() else { return finished }
                skipWhitespace()
                // Consuming the frame leaves the container uniquely referenced, so appending
                // does not copy it.
                switch consume frame {
                case .array(var elements):
                    elements.append(finished)
                    if peek() == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        stack.append(.array(elements))
                        continue nextNode
                    }
                    try expect(UInt8(ascii: "]"), "\",\" or \"]\" in an array")
                    finished = .array(elements)
                case .dictionary(var dictionary, let key):
                    dictionary.appendUnique(key: key, value: finished)
                    if peek() == UInt8(ascii: ",") {
                        position += 1
                        let next = try parseKey(in: dictionary)
                        stack.append(.dictionary(dictionary, pendingKey: next))
                        continue nextNode
                    }
                    try expect(UInt8(ascii: "}"), "\",\" or \"}\" in a dictionary")
                    finished = .dictionary(dictionary)
                }
            }
        }
    }

    /// Reads `{"type": T, "value":` and returns `T`.
    private mutating func parseNodeHeader() throws(PropertyListError) -> NodeType {
        try expect(UInt8(ascii: "{"), "a node object {\"type\": …, \"value\": …}")
        try expectMember("type")
        let typeStart = position
        let type: NodeType
        if let matched = NodeType.allCases.first(where: { matchesQuoted($0.spelling) }) {
            // Fast path: a known name without escapes, compared as bytes.
            position += matched.spelling.utf8CodeUnitCount + 2
            type = matched
        } else {
            guard peek() == UInt8(ascii: "\"") else {
                throw error(.invalidObject, "expected the type name as a string, found \(describe(position))")
            }
            let typeName = try parseString()
            guard let named = NodeType(rawValue: typeName) else {
                throw PropertyListError(.unsupportedObject, "unknown node type \"\(typeName)\"",
                                        at: .init(byteOffset: typeStart))
            }
            type = named
        }
        skipWhitespace()
        try expect(UInt8(ascii: ","), "\",\" before the \"value\" member")
        try expectMember("value")
        return type
    }

    /// Reads the value of a non-container node.
    private mutating func parseScalar(_ type: NodeType) throws(PropertyListError) -> PropertyListValue {
        switch type {
        case .string:
            guard peek() == UInt8(ascii: "\"") else {
                throw error(.invalidObject, "a string node needs a JSON string value, found \(describe(position))")
            }
            return .string(try parseString())
        case .int: return .integer(try parseIntegerString())
        case .real: return .real(try parseRealString(for: "real"))
        case .date: return .date(Date(timeIntervalSinceReferenceDate: try parseRealString(for: "date")))
        case .bool: return .bool(try parseBoolean())
        case .data: return .data(try parseHexString())
        case .uid: return .uid(try parseUIDString())
        case .dict, .array:
            throw error(.invalidObject, "internal: containers are not scalars")
        }
    }

    /// Reads `"name"` and the colon after it, with surrounding white space.
    private mutating func expectMember(_ name: StaticString) throws(PropertyListError) {
        skipWhitespace()
        let start = position
        // Fast path: the name spelled without escapes, compared as bytes.
        if matchesQuoted(name) {
            position += name.utf8CodeUnitCount + 2
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "\":\" after \"\(name)\"")
            skipWhitespace()
            return
        }
        guard peek() == UInt8(ascii: "\"") else {
            throw error(.invalidObject, "expected the member \"\(name)\", found \(describe(position))")
        }
        let key = try parseString()
        guard key == "\(name)" else {
            throw PropertyListError(.invalidObject, "expected the member \"\(name)\", found \"\(key)\"",
                                    at: .init(byteOffset: start))
        }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "\":\" after \"\(name)\"")
        skipWhitespace()
    }

    /// Reads a dictionary key, the colon and white space, refusing keys `dictionary` already has.
    private mutating func parseKey(in dictionary: PropertyListDictionary) throws(PropertyListError) -> String {
        skipWhitespace()
        let keyStart = position
        guard peek() == UInt8(ascii: "\"") else {
            throw error(.invalidObject, "expected a dictionary key string, found \(describe(position))")
        }
        let key = try parseString()
        if let earlier = dictionary.position(of: key) {
            // Swift compares strings by canonical equivalence, so "é" and "e\u{301}" collide too;
            // the model cannot hold both, and dropping one silently would lose data.
            let existing = dictionary[earlier].key
            let reason = existing.utf8.elementsEqual(key.utf8)
                ? "duplicate dictionary key \(Self.quoted(key))"
                : "dictionary key \(Self.quoted(key)) is canonically equivalent to the earlier key \(Self.quoted(existing))"
            throw PropertyListError(.invalidObject, reason, at: .init(byteOffset: keyStart))
        }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "\":\" after a dictionary key")
        skipWhitespace()
        return key
    }

    private mutating func parseBoolean() throws(PropertyListError) -> Bool {
        if matches("true") {
            position += 4
            return true
        }
        if matches("false") {
            position += 5
            return false
        }
        throw error(.invalidObject, "a bool node needs true or false, found \(describe(position))")
    }

    private func checkDepth(_ depth: Int) throws(PropertyListError) {
        if depth > maximumDepth {
            throw error(.depthLimitExceeded, "containers nest deeper than the limit of \(maximumDepth)")
        }
    }

    /// The path of the node being read, e.g. `root["list"][1]`.
    private static func path(of stack: [Frame]) -> String {
        var path = "root"
        for frame in stack {
            switch frame {
            case .array(let elements): path += "[\(elements.count)]"
            case .dictionary(_, let key): path += "[\(quoted(key))]"
            }
        }
        return path
    }

    // MARK: - Bytes

    /// The byte at `position`, or `nil` at the end.
    func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    /// Whether the bytes at `position` are `word` in double quotes.
    func matchesQuoted(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count - position >= length + 2, bytes[position] == UInt8(ascii: "\""),
              bytes[position + length + 1] == UInt8(ascii: "\"") else { return false }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: length)
        for index in 0..<length where bytes[position + 1 + index] != expected[index] { return false }
        return true
    }

    /// Whether the bytes at `position` spell `word`.
    func matches(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count - position >= length else { return false }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: length)
        for index in 0..<length where bytes[position + index] != expected[index] { return false }
        return true
    }

    mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    /// Consumes `byte` or throws, saying what was `wanted`.
    /// `wanted` is built only on failure: interpolating it on every call dominated reading time.
    mutating func expect(_ byte: UInt8, _ wanted: @autoclosure () -> String) throws(PropertyListError) {
        guard peek() == byte else {
            throw error(peek() == nil ? .truncated : .invalidObject, "expected \(wanted()), found \(describe(position))")
        }
        position += 1
    }

    /// An error at `offset` (default: the current position).
    func error(_ kind: PropertyListError.Kind, _ reason: String, at offset: Int? = nil) -> PropertyListError {
        let at = offset ?? position
        return PropertyListError(at >= bytes.count && kind == .invalidObject ? .truncated : kind, reason,
                                 at: .init(byteOffset: at))
    }

    /// The byte at `offset` for messages: `"x"`, `byte 0x07` or `the end of the input`.
    func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the input" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    /// A key as it appears in a path: quoted, with quotes and backslashes escaped.
    static func quoted(_ key: String) -> String {
        var text = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
