import Foundation
import PropertyList

/// The tree format for coders: typed access to the values of a ``PropertyListValue``
/// (``AutoArchiver/decode(_:from:)``, XML documents, migrated values, `Codable` types).
struct TreeArchiveReader: ArchiveReader {
    typealias Node = PropertyListValue

    static var sharesObjects: Bool { false }

    let root: Node

    init(root: PropertyListValue) { self.root = root }

    func kindName(_ node: Node) -> String { node.autoCodingKindName }

    private func mismatch(_ expected: String, _ node: Node) -> AutoCodingError {
        AutoCodingError.mismatch(expected: expected, found: node)
    }

    func integer(_ node: Node) throws -> PropertyListInteger {
        guard case .integer(let number) = node else { throw mismatch("integer", node) }
        return number
    }

    func real(_ node: Node) throws -> Double {
        switch node {
        case .real(let value): return value
        case .real32(let value): return Double(value)
        case .integer(let number): return try number.exactDouble()
        default: throw mismatch("real", node)
        }
    }

    func real32(_ node: Node) throws -> Float {
        switch node {
        case .real32(let value): return value
        case .real(let value): return Float(value)
        case .integer(let number): return try number.exactFloat()
        default: throw mismatch("real", node)
        }
    }

    func bool(_ node: Node) throws -> Bool {
        guard case .bool(let value) = node else { throw mismatch("bool", node) }
        return value
    }

    func string(_ node: Node) throws -> String {
        guard case .string(let value) = node else { throw mismatch("string", node) }
        return value
    }

    func date(_ node: Node) throws -> Date {
        guard case .date(let value) = node else { throw mismatch("date", node) }
        return value
    }

    func data(_ node: Node) throws -> Data {
        guard case .data(let value) = node else { throw mismatch("data", node) }
        return value
    }

    func arrayCount(_ node: Node) throws -> Int {
        guard case .array(let items) = node else { throw mismatch("array", node) }
        return items.count
    }

    func element(_ node: Node, at index: Int) throws -> Node {
        guard case .array(let items) = node, items.indices.contains(index) else { throw mismatch("array", node) }
        return items[index]
    }

    func dictionaryCount(_ node: Node) throws -> Int {
        guard case .dictionary(let entries) = node else { throw mismatch("dictionary", node) }
        return entries.count
    }

    private func entry(_ node: Node, at index: Int) throws -> PropertyListDictionary.Element {
        guard case .dictionary(let entries) = node, index >= 0, index < entries.count else {
            throw mismatch("dictionary", node)
        }
        return entries[index]
    }

    func key(_ node: Node, at index: Int) throws -> String { try entry(node, at: index).key }

    func key(_ node: Node, at index: Int, is key: ArchiveKey) throws -> Bool {
        try entry(node, at: index).key == key.text
    }

    func keyIsReserved(_ node: Node, at index: Int) throws -> Bool {
        ReservedKey.isReserved(try entry(node, at: index).key)
    }

    func value(_ node: Node, at index: Int) throws -> Node { try entry(node, at: index).value }

    func nilLevel(_ node: Node) throws -> Int? { NilMarker.level(of: node) }

    func tree(_ node: Node) throws -> PropertyListValue { node }

    mutating func objectHeader(_ node: Node) throws -> ObjectHeader {
        guard case .dictionary = node else { throw mismatch("dictionary", node) }
        return try plainObjectHeader(node)
    }
}
