import Foundation
import PropertyList

/// The XML format for coders: typed access to the values of an XML document, straight from the
/// index the `PropertyList` module's one XML scanner builds, with no tree in between.
///
/// Reads exactly what ``TreeArchiveReader`` reads from the same document's tree (the index already
/// holds what the tree would: repeated keys resolved, `CF$UID` dictionaries as UIDs), with the
/// same errors: building the index validated the whole document, so what is left to fail is a
/// value of the wrong kind. Keys compare as `String`s do, so bytes are compared directly only where
/// that is the same answer (ASCII on both sides).
struct XMLArchiveReader: ArchiveReader {
    typealias Node = XMLPropertyListIndex.Node

    static var sharesObjects: Bool { false }

    let index: XMLPropertyListIndex
    let root: Node

    init(index: XMLPropertyListIndex) {
        self.index = index
        root = index.root
    }

    func kindName(_ node: Node) -> String {
        switch node.kind {
        case .dictionary: return "dictionary"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .true, .false: return "bool"
        case .date: return "date"
        case .data: return "data"
        case .uid: return "uid"
        }
    }

    // The index's own accessors are calls from this module; these few lines are repeated here so
    // the hot paths stay inline.

    /// The element or entry count of a container node.
    @inline(__always)
    private static func containerCount(_ node: Node) -> Int { Int(truncatingIfNeeded: node.payload) }

    /// The byte count of a text node.
    @inline(__always)
    private static func textCount(_ node: Node) -> Int { Int(truncatingIfNeeded: node.payload) &- node.lower }

    /// The value of an integer node.
    @inline(__always)
    private static func integer(_ node: Node) -> PropertyListInteger {
        node.flags & XMLPropertyListIndex.isNegative != 0
            ? PropertyListInteger(Int64(bitPattern: node.payload)) : PropertyListInteger(node.payload)
    }

    @inline(never)
    private func mismatch(_ expected: String, _ node: Node) -> AutoCodingError {
        let found = kindName(node)
        return AutoCodingError(.typeMismatch, "expected \(expected), found \(found)", expected: expected, found: found)
    }

    mutating func integer(_ node: Node) throws -> PropertyListInteger {
        guard case .integer = node.kind else { throw mismatch("integer", node) }
        return Self.integer(node)
    }

    mutating func real(_ node: Node) throws -> Double {
        switch node.kind {
        case .real: return Double(bitPattern: node.payload)
        case .integer:
            return try Self.integer(node).exactDouble()
        default: throw mismatch("real", node)
        }
    }

    mutating func real32(_ node: Node) throws -> Float {
        switch node.kind {
        case .real: return Float(Double(bitPattern: node.payload))
        case .integer:
            return try Self.integer(node).exactFloat()
        default: throw mismatch("real", node)
        }
    }

    mutating func bool(_ node: Node) throws -> Bool {
        switch node.kind {
        case .true: return true
        case .false: return false
        default: throw mismatch("bool", node)
        }
    }

    @inline(__always)
    mutating func string(_ node: Node) throws -> String {
        guard case .string = node.kind else { throw mismatch("string", node) }
        return text(node)
    }

    /// The text of a string node.
    @inline(__always)
    private func text(_ node: Node) -> String {
        guard node.flags & XMLPropertyListIndex.isDecoded == 0 else { return index.string(node) }
        return String(decoding: UnsafeBufferPointer(start: index.input + node.lower, count: Self.textCount(node)), as: UTF8.self)
    }

    mutating func date(_ node: Node) throws -> Date {
        guard case .date = node.kind else { throw mismatch("date", node) }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: node.payload))
    }

    mutating func data(_ node: Node) throws -> Data {
        guard case .data = node.kind else { throw mismatch("data", node) }
        return index.blobs[node.lower]
    }

    mutating func arrayCount(_ node: Node) throws -> Int {
        guard case .array = node.kind else { throw mismatch("array", node) }
        return Self.containerCount(node)
    }

    @inline(__always)
    mutating func element(_ node: Node, at position: Int) throws -> Node {
        guard case .array = node.kind, position >= 0, position < Self.containerCount(node) else { throw mismatch("array", node) }
        return index.nodes[index.children[node.lower &+ position]]
    }

    mutating func dictionaryCount(_ node: Node) throws -> Int {
        guard case .dictionary = node.kind else { throw mismatch("dictionary", node) }
        return Self.containerCount(node)
    }

    /// The key node of entry `position` of a dictionary.
    @inline(__always)
    private func keyNode(_ node: Node, at position: Int) throws -> Node {
        guard case .dictionary = node.kind, position >= 0, position < Self.containerCount(node) else {
            throw mismatch("dictionary", node)
        }
        return index.nodes[index.children[node.lower &+ 2 &* position]]
    }

    mutating func key(_ node: Node, at position: Int) throws -> String {
        text(try keyNode(node, at: position))
    }

    @inline(__always)
    mutating func key(_ node: Node, at position: Int, is key: ArchiveKey) throws -> Bool {
        let archived = try keyNode(node, at: position)
        // Bytes decide only where they agree with String equality: ASCII against ASCII.
        guard key.isASCII, archived.flags & XMLPropertyListIndex.isASCII != 0 else { return text(archived) == key.text }
        let count = Self.textCount(archived)
        guard count == key.utf8.count else { return false }
        guard count > 0, let expected = key.utf8.baseAddress else { return true }
        return Self.equalBytes(UnsafeRawPointer(index.input + archived.lower), expected, count: count)
    }

    /// Whether `count` (> 0) bytes at two addresses are equal: short runs with two overlapping
    /// loads each (property keys are short), longer ones with `memcmp`.
    @inline(__always)
    private static func equalBytes(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            guard count <= 16 else { return memcmp(left, right, count) == 0 }
            return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for offset in 0..<count where left.load(fromByteOffset: offset, as: UInt8.self)
            != right.load(fromByteOffset: offset, as: UInt8.self) {
            return false
        }
        return true
    }

    mutating func keyIsReserved(_ node: Node, at position: Int) throws -> Bool {
        let archived = try keyNode(node, at: position)
        guard Self.textCount(archived) > 0 else { return false }
        guard archived.flags & XMLPropertyListIndex.isDecoded == 0 else {
            return index.withUTF8(archived) { $0.first == UInt8(ascii: "$") }
        }
        return index.input[archived.lower] == UInt8(ascii: "$")
    }

    @inline(__always)
    mutating func value(_ node: Node, at position: Int) throws -> Node {
        guard case .dictionary = node.kind, position >= 0, position < Self.containerCount(node) else {
            throw mismatch("dictionary", node)
        }
        return index.nodes[index.children[node.lower &+ 2 &* position &+ 1]]
    }

    /// As ``NilMarker/level(of:)`` reads a tree: the string `$null`, or a dictionary whose only
    /// key is `$nil` with a level that fits `Int` and is not negative; anything else is no marker.
    @inline(__always)
    mutating func nilLevel(_ node: Node) throws -> Int? {
        switch node.kind {
        case .string:
            return Self.textCount(node) == 5 && index.withUTF8(node, { $0.elementsEqual(NilMarker.null.utf8) }) ? 0 : nil
        case .dictionary:
            return dictionaryNilLevel(node)
        default:
            return nil
        }
    }

    @inline(never)
    private func dictionaryNilLevel(_ node: Node) -> Int? {
        guard Self.containerCount(node) == 1 else { return nil }
        let key = index.nodes[index.children[node.lower]]
        let value = index.nodes[index.children[node.lower &+ 1]]
        guard index.withUTF8(key, { $0.elementsEqual(ReservedKey.nilMarker.utf8) }), case .integer = value.kind,
              let level = Self.integer(value).int64Value.flatMap({ Int(exactly: $0) }), level >= 0 else {
            return nil
        }
        return level
    }

    mutating func tree(_ node: Node) throws -> PropertyListValue { index.tree(of: node) }

    mutating func objectHeader(_ node: Node) throws -> ObjectHeader {
        guard case .dictionary = node.kind else { throw mismatch("dictionary", node) }
        return try plainObjectHeader(node)
    }
}
