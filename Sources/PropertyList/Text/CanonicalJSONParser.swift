import Foundation

/// A strict recursive-descent reader of canonical JSON (see ``PropertyListValue/canonicalJSON()``).
///
/// Every read is bounds-checked against `bytes.count` before it happens, so truncated or hostile
/// input ends in a ``PropertyListError``, never a crash. Errors carry the byte offset where the
/// problem was seen; containers add their key or index on the way out, giving the path.
struct CanonicalJSONParser {
    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    /// The offset of the next unread byte.
    var position = 0

    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Reads one node and requires nothing but white space after it.
    mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
        let value: PropertyListValue
        do throws(PropertyListError) {
            skipWhitespace()
            value = try parseNode(depth: 0)
            skipWhitespace()
            if position < bytes.count {
                throw error(.invalidObject, "unexpected \(describe(position)) after the document")
            }
        } catch var failure {
            failure.location.path = "root" + (failure.location.path ?? "")
            throw failure
        }
        return value
    }

    /// The node types, by their spelling in `"type"`.
    enum NodeType: String {
        case dict, array, string, int, real, bool, date, data, uid
    }

    /// Reads `{"type": T, "value": V}`; `depth` counts the containers around it.
    mutating func parseNode(depth: Int) throws(PropertyListError) -> PropertyListValue {
        try expect(UInt8(ascii: "{"), "a node object {\"type\": …, \"value\": …}")
        try expectMember("type")
        let typeStart = position
        guard peek() == UInt8(ascii: "\"") else {
            throw error(.invalidObject, "expected the type name as a string, found \(describe(position))")
        }
        let typeName = try parseString()
        guard let type = NodeType(rawValue: typeName) else {
            throw PropertyListError(.unsupportedObject, "unknown node type \"\(typeName)\"",
                                    at: .init(byteOffset: typeStart))
        }
        skipWhitespace()
        try expect(UInt8(ascii: ","), "\",\" before the \"value\" member")
        try expectMember("value")
        let value: PropertyListValue
        switch type {
        case .dict: value = try parseDictionary(depth: depth + 1)
        case .array: value = try parseArray(depth: depth + 1)
        case .string:
            guard peek() == UInt8(ascii: "\"") else {
                throw error(.invalidObject, "a string node needs a JSON string value, found \(describe(position))")
            }
            value = .string(try parseString())
        case .int: value = .integer(try parseIntegerString())
        case .real: value = .real(try parseRealString(for: "real"))
        case .date: value = .date(Date(timeIntervalSinceReferenceDate: try parseRealString(for: "date")))
        case .bool: value = .bool(try parseBoolean())
        case .data: value = .data(try parseHexString())
        case .uid: value = .uid(try parseUIDString())
        }
        skipWhitespace()
        if peek() == UInt8(ascii: ",") {
            throw error(.invalidObject, "a node has only the members \"type\" and \"value\"")
        }
        try expect(UInt8(ascii: "}"), "\"}\" closing the node")
        return value
    }

    /// Reads `"name"` and the colon after it, with surrounding white space.
    private mutating func expectMember(_ name: String) throws(PropertyListError) {
        skipWhitespace()
        let start = position
        guard peek() == UInt8(ascii: "\"") else {
            throw error(.invalidObject, "expected the member \"\(name)\", found \(describe(position))")
        }
        let key = try parseString()
        guard key == name else {
            throw PropertyListError(.invalidObject, "expected the member \"\(name)\", found \"\(key)\"",
                                    at: .init(byteOffset: start))
        }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "\":\" after \"\(name)\"")
        skipWhitespace()
    }

    private mutating func parseDictionary(depth: Int) throws(PropertyListError) -> PropertyListValue {
        try checkDepth(depth)
        try expect(UInt8(ascii: "{"), "an object as the value of a dict node")
        var dictionary = PropertyListDictionary()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .dictionary(dictionary)
        }
        while true {
            skipWhitespace()
            let keyStart = position
            guard peek() == UInt8(ascii: "\"") else {
                throw error(.invalidObject, "expected a dictionary key string, found \(describe(position))")
            }
            let key = try parseString()
            if dictionary.position(of: key) != nil {
                // Swift compares strings by canonical equivalence, so "é" and "e\u{301}" collide too.
                throw PropertyListError(.invalidObject, "duplicate dictionary key \"\(key)\"",
                                        at: .init(byteOffset: keyStart))
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "\":\" after a dictionary key")
            skipWhitespace()
            let element: PropertyListValue
            do throws(PropertyListError) {
                element = try parseNode(depth: depth)
            } catch var failure {
                failure.location.path = "[\(Self.quoted(key))]" + (failure.location.path ?? "")
                throw failure
            }
            dictionary.appendUnique(key: key, value: element)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "\",\" or \"}\" in a dictionary")
            return .dictionary(dictionary)
        }
    }

    private mutating func parseArray(depth: Int) throws(PropertyListError) -> PropertyListValue {
        try checkDepth(depth)
        try expect(UInt8(ascii: "["), "a list as the value of an array node")
        var elements: [PropertyListValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            do throws(PropertyListError) {
                elements.append(try parseNode(depth: depth))
            } catch var failure {
                failure.location.path = "[\(elements.count)]" + (failure.location.path ?? "")
                throw failure
            }
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "\",\" or \"]\" in an array")
            return .array(elements)
        }
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

    // MARK: - Bytes

    /// The byte at `position`, or `nil` at the end.
    func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
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
    mutating func expect(_ byte: UInt8, _ wanted: String) throws(PropertyListError) {
        guard peek() == byte else {
            throw error(peek() == nil ? .truncated : .invalidObject, "expected \(wanted), found \(describe(position))")
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
