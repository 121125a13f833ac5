import Foundation
import PropertyList

/// The binary format for coders: typed access to the objects of a validated `bplist00`
/// document, straight from its bytes.
///
/// Wraps the zero-copy scanner of the `PropertyList` module. Every object read counts against
/// ``PropertyListReadingOptions/maximumExpandedValues``, so a small file whose containers are
/// shared many times over cannot make decoding take unbounded time; nesting is bounded by the
/// decoding context's depth limit, and a container that contains itself is a cycle error.
struct BinaryArchiveReader: ArchiveReader {
    typealias Node = BinaryPropertyListScanner.Object

    static var sharesObjects: Bool { false }

    let scanner: BinaryPropertyListScanner
    let root: Node
    private let options: PropertyListReadingOptions
    private var values = 0
    /// Builds trees for unknown entries and migration, sharing what the file shares.
    private var materializer: BinaryPropertyListMaterializer?
    /// Containers being read, by object number (allocated at the first container).
    private var onPath: [Bool] = []
    /// Object numbers found to hold a property's key, by the key's address (direct-mapped):
    /// archives store each key string once, so after the first record a key is recognized by its
    /// object number without reading the string again.
    private var knownKeys = [KnownKey](repeating: KnownKey(), count: Self.knownKeySlots)
    private static var knownKeySlots: Int { 256 }

    private struct KnownKey {
        var address: UInt = 0
        var number = -1
    }

    init(scanner: BinaryPropertyListScanner, options: PropertyListReadingOptions) throws {
        self.scanner = scanner
        self.options = options
        do {
            root = try scanner.object(scanner.topObject)
        } catch {
            throw AutoCodingError(error)
        }
    }

    func kindName(_ node: Node) -> String {
        node.kind == .uid ? "uid" : BinaryPropertyListScanner.name(of: node.kind)
    }

    @inline(__always)
    private func mismatch(_ expected: String, _ node: Node) -> AutoCodingError {
        let found = kindName(node)
        return AutoCodingError(.typeMismatch, "expected \(expected), found \(found)", expected: expected, found: found)
    }

    /// Object `number`, validated and counted.
    @inline(__always)
    private mutating func object(_ number: Int) throws -> Node {
        values &+= 1
        guard values <= options.maximumExpandedValues else {
            throw AutoCodingError(.corruptArchive, "the archive expands to more than \(options.maximumExpandedValues) values")
        }
        do {
            return try scanner.object(number)
        } catch {
            throw AutoCodingError(error)
        }
    }

    @inline(__always)
    private func reference(_ node: Node, at index: Int) throws -> Int {
        do {
            return try scanner.reference(node, at: index)
        } catch {
            throw AutoCodingError(error)
        }
    }

    mutating func integer(_ node: Node) throws -> PropertyListInteger {
        guard node.kind == .integer else { throw mismatch("integer", node) }
        do {
            return try scanner.integer(node)
        } catch {
            throw AutoCodingError(.integerOutOfRange, error.reason, expected: "integer", found: "integer")
        }
    }

    mutating func real(_ node: Node) throws -> Double {
        switch node.kind {
        case .real: return scanner.double(node)
        case .integer:
            let number = try integer(node)
            if let signed = number.int64Value, let value = Double(exactly: signed) { return value }
            if let unsigned = number.uint64Value, let value = Double(exactly: unsigned) { return value }
            throw AutoCodingError(.integerOutOfRange, "\(number) has no exact Double", expected: "Double", found: "\(number)")
        default: throw mismatch("real", node)
        }
    }

    mutating func real32(_ node: Node) throws -> Float {
        switch node.kind {
        case .real: return node.count == 4 ? scanner.float(node) : Float(scanner.double(node))
        case .integer:
            let number = try integer(node)
            if let signed = number.int64Value, let value = Float(exactly: signed) { return value }
            if let unsigned = number.uint64Value, let value = Float(exactly: unsigned) { return value }
            throw AutoCodingError(.integerOutOfRange, "\(number) has no exact Float", expected: "Float", found: "\(number)")
        default: throw mismatch("real", node)
        }
    }

    mutating func bool(_ node: Node) throws -> Bool {
        guard node.kind == .bool else { throw mismatch("bool", node) }
        return scanner.bool(node)
    }

    @inline(__always)
    mutating func string(_ node: Node) throws -> String {
        guard node.kind == .asciiString || node.kind == .utf16String else { throw mismatch("string", node) }
        do {
            return try scanner.string(node)
        } catch {
            throw AutoCodingError(error)
        }
    }

    mutating func date(_ node: Node) throws -> Date {
        guard node.kind == .date else { throw mismatch("date", node) }
        return scanner.date(node)
    }

    mutating func data(_ node: Node) throws -> Data {
        guard node.kind == .data else { throw mismatch("data", node) }
        return scanner.data(node)
    }

    mutating func arrayCount(_ node: Node) throws -> Int {
        guard node.kind == .array else { throw mismatch("array", node) }
        return node.count
    }

    @inline(__always)
    mutating func element(_ node: Node, at index: Int) throws -> Node {
        try object(try reference(node, at: index))
    }

    mutating func dictionaryCount(_ node: Node) throws -> Int {
        guard node.kind == .dictionary else { throw mismatch("dictionary", node) }
        return node.count
    }

    /// The key object of entry `index`.
    @inline(__always)
    private mutating func keyObject(_ node: Node, at index: Int) throws -> Node {
        let key = try object(try reference(node, at: index))
        guard key.kind == .asciiString || key.kind == .utf16String else {
            throw AutoCodingError(.corruptArchive, "a dictionary key is a \(kindName(key)), not a string")
        }
        return key
    }

    mutating func key(_ node: Node, at index: Int) throws -> String {
        try string(try keyObject(node, at: index))
    }

    @inline(__always)
    mutating func key(_ node: Node, at index: Int, is key: ArchiveKey) throws -> Bool {
        let number = try reference(node, at: index)
        let address = UInt(bitPattern: key.utf8.baseAddress)
        let slot = Int(truncatingIfNeeded: key.hash) & (Self.knownKeySlots - 1)
        if knownKeys[slot].number == number, knownKeys[slot].address == address {
            values &+= 1
            return true
        }
        let object = try self.object(number)
        let matches: Bool
        switch object.kind {
        case .asciiString: matches = key.isASCII && scanner.payload(object, equals: key.utf8)
        case .utf16String: matches = try string(object) == key.text
        default: throw AutoCodingError(.corruptArchive, "a dictionary key is a \(kindName(object)), not a string")
        }
        if matches { knownKeys[slot] = KnownKey(address: address, number: number) }
        return matches
    }

    mutating func keyIsReserved(_ node: Node, at index: Int) throws -> Bool {
        let object = try keyObject(node, at: index)
        guard object.count > 0 else { return false }
        if object.kind == .asciiString { return scanner.payload(object).first == UInt8(ascii: "$") }
        return try string(object).utf8.first == UInt8(ascii: "$")
    }

    @inline(__always)
    mutating func value(_ node: Node, at index: Int) throws -> Node {
        try object(try reference(node, at: node.count + index))
    }

    mutating func enter(_ node: Node) throws {
        if onPath.isEmpty { onPath = [Bool](repeating: false, count: scanner.objectCount) }
        guard !onPath[node.number] else {
            throw AutoCodingError(.corruptArchive, "object #\(node.number), a \(kindName(node)), contains itself")
        }
        onPath[node.number] = true
    }

    mutating func leave(_ node: Node) {
        if node.number < onPath.count { onPath[node.number] = false }
    }

    @inline(__always)
    mutating func nilLevel(_ node: Node) throws -> Int? {
        if node.kind == .asciiString {
            return NilMarker.nullUTF8.withUnsafeBytes { scanner.payload(node, equals: $0) } ? 0 : nil
        }
        return try plainNilLevel(node, isDictionary: node.kind == .dictionary)
    }

    mutating func tree(_ node: Node) throws -> PropertyListValue {
        if materializer == nil { materializer = BinaryPropertyListMaterializer(scanner: scanner, options: options) }
        do {
            return try materializer?.value(of: node.number, depth: 0) ?? .dictionary([:])
        } catch {
            throw AutoCodingError(error)
        }
    }

    mutating func objectHeader(_ node: Node) throws -> ObjectHeader {
        guard node.kind == .dictionary else { throw mismatch("dictionary", node) }
        return try plainObjectHeader(node)
    }
}
