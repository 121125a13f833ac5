import Foundation
import PropertyList

/// The binary format for coders: typed access to the objects of a validated `bplist00`
/// document, straight from its bytes.
///
/// Wraps the zero-copy scanner of the `PropertyList` module. Every object read counts against
/// the options' expansion limit for the size of the file
/// (``PropertyListReadingOptions/expandedValueLimit(forInputOfSize:)``), so a small file whose
/// containers are shared many times over cannot make decoding take time out of proportion to its
/// size; strings and data referred to many times are decoded once and shared; nesting is bounded by the
/// decoding context's depth limit, and a container that contains itself is a cycle error.
package struct BinaryArchiveReader: ArchiveReader {
    package typealias Node = BinaryPropertyListScanner.Object

    package static var sharesObjects: Bool { false }

    package let scanner: BinaryPropertyListScanner
    package let root: Node
    private let options: PropertyListReadingOptions
    /// The expansion limit for this file's size.
    private let maximumValues: Int
    private var values = 0
    /// Builds trees for unknown entries and migration, sharing what the file shares.
    private var materializer: BinaryPropertyListMaterializer?
    /// Strings referred to more than once, decoded once.
    private var strings = BinaryPropertyListStringCache()
    /// Data objects referred to more than once, copied out once.
    private var sharedData = BinaryPropertyListDataCache()
    /// Containers being read, by object number (allocated at the first container).
    private var onPath: [Bool] = []
    /// Object numbers found to hold a property's key, by the key's address (direct-mapped):
    /// archives store each key string once, so after the first record a key is recognized by its
    /// object number without reading the string again.
    private var knownKeys = [KnownKey](repeating: KnownKey(), count: Self.knownKeySlots)
    private static var knownKeySlots: Int { 256 }

    /// The value of the entry whose key was last matched (``key(_:at:is:)`` reads both numbers in
    /// one call; the value is asked for next).
    private var matchedEntry = MatchedEntry()

    struct MatchedEntry {
        var dictionary = -1
        var index = -1
        var value = -1
    }

    struct KnownKey {
        var address: UInt = 0
        var number = -1
    }

    package init(scanner: BinaryPropertyListScanner, options: PropertyListReadingOptions) throws {
        self.scanner = scanner
        self.options = options
        maximumValues = options.expandedValueLimit(forInputOfSize: scanner.bytes.count)
        do {
            root = try scanner.object(scanner.topObject)
        } catch {
            throw AutoCodingError(error)
        }
    }

    package func kindName(_ node: Node) -> String {
        node.kind.is(.uid) ? "uid" : BinaryPropertyListScanner.name(of: node.kind)
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
        guard values <= maximumValues else { throw expansionError() }
        if let object = scanner.inlinedObject(number, like: root) { return object }
        do {
            return try scanner.object(number)
        } catch {
            throw AutoCodingError(error)
        }
    }

    private func expansionError() -> AutoCodingError {
        AutoCodingError(.expansionLimitExceeded, "the archive expands to more than \(maximumValues) values, "
                            + "the limit for \(scanner.bytes.count) bytes of input (shared references count at every use)")
    }

    @inline(__always)
    private func reference(_ node: Node, at index: Int) throws -> Int {
        if let number = scanner.inlinedReference(node, at: index) { return number }
        do {
            return try scanner.reference(node, at: index)
        } catch {
            throw AutoCodingError(error)
        }
    }

    package mutating func integer(_ node: Node) throws -> PropertyListInteger {
        guard node.kind.is(.integer) else { throw mismatch("integer", node) }
        do {
            return try scanner.integer(node)
        } catch {
            throw AutoCodingError(.integerOutOfRange, error.reason, expected: "integer", found: "integer")
        }
    }

    package mutating func real(_ node: Node) throws -> Double {
        switch node.kind {
        case .real: return scanner.double(node)
        case .integer:
            return try integer(node).exactDouble()
        default: throw mismatch("real", node)
        }
    }

    package mutating func real32(_ node: Node) throws -> Float {
        switch node.kind {
        case .real: return node.count == 4 ? scanner.float(node) : Float(scanner.double(node))
        case .integer:
            return try integer(node).exactFloat()
        default: throw mismatch("real", node)
        }
    }

    package mutating func bool(_ node: Node) throws -> Bool {
        guard node.kind.is(.bool) else { throw mismatch("bool", node) }
        return scanner.bool(node)
    }

    @inline(__always)
    package mutating func string(_ node: Node) throws -> String {
        guard node.kind.is(.asciiString) || node.kind.is(.utf16String) else { throw mismatch("string", node) }
        // Short ASCII strings, most of an archive's, are not cached (see the cache): made here.
        if let text = scanner.inlinedShortASCIIString(node) { return text }
        do {
            return try strings.string(node, in: scanner)
        } catch {
            throw AutoCodingError(error)
        }
    }

    package mutating func date(_ node: Node) throws -> Date {
        guard node.kind.is(.date) else { throw mismatch("date", node) }
        return scanner.date(node)
    }

    package mutating func data(_ node: Node) throws -> Data {
        guard node.kind.is(.data) else { throw mismatch("data", node) }
        return sharedData.data(node, in: scanner)
    }

    package mutating func arrayCount(_ node: Node) throws -> Int {
        guard node.kind.is(.array) else { throw mismatch("array", node) }
        return node.count
    }

    @inline(__always)
    package mutating func element(_ node: Node, at index: Int) throws -> Node {
        try object(try reference(node, at: index))
    }

    package mutating func dictionaryCount(_ node: Node) throws -> Int {
        guard node.kind.is(.dictionary) else { throw mismatch("dictionary", node) }
        return node.count
    }

    /// The key object of entry `index`.
    @inline(__always)
    private mutating func keyObject(_ node: Node, at index: Int) throws -> Node {
        let key = try object(try reference(node, at: index))
        guard key.kind.is(.asciiString) || key.kind.is(.utf16String) else {
            throw AutoCodingError(.corruptArchive, "a dictionary key is a \(kindName(key)), not a string")
        }
        return key
    }

    package mutating func key(_ node: Node, at index: Int) throws -> String {
        try string(try keyObject(node, at: index))
    }

    @inline(__always)
    package mutating func key(_ node: Node, at index: Int, is key: ArchiveKey) throws -> Bool {
        let entry: (key: Int, value: Int)
        if let found = scanner.inlinedEntry(node, at: index) {
            entry = found
        } else {
            do {
                entry = try scanner.entry(node, at: index)
            } catch {
                throw AutoCodingError(error)
            }
        }
        matchedEntry = MatchedEntry(dictionary: node.number, index: index, value: entry.value)
        let number = entry.key
        let address = UInt(bitPattern: key.utf8.baseAddress)
        let slot = Int(truncatingIfNeeded: key.hash) & (Self.knownKeySlots - 1)
        if knownKeys[slot].number == number, knownKeys[slot].address == address {
            values &+= 1
            return true
        }
        let object = try self.object(number)
        let matches: Bool
        switch object.kind {
        case .asciiString: matches = key.isASCII && scanner.inlinedPayload(object, equals: key.utf8)
        case .utf16String: matches = try string(object) == key.text
        default: throw AutoCodingError(.corruptArchive, "a dictionary key is a \(kindName(object)), not a string")
        }
        if matches { knownKeys[slot] = KnownKey(address: address, number: number) }
        return matches
    }

    package mutating func keyIsReserved(_ node: Node, at index: Int) throws -> Bool {
        let object = try keyObject(node, at: index)
        guard object.count > 0 else { return false }
        if object.kind.is(.asciiString), let base = scanner.bytes.baseAddress {
            return base.load(fromByteOffset: object.payloadOffset, as: UInt8.self) == UInt8(ascii: "$")
        }
        return try string(object).utf8.first == UInt8(ascii: "$")
    }

    @inline(__always)
    package mutating func value(_ node: Node, at index: Int) throws -> Node {
        if matchedEntry.index == index, matchedEntry.dictionary == node.number { return try object(matchedEntry.value) }
        return try object(try reference(node, at: node.count + index))
    }

    package mutating func enter(_ node: Node) throws {
        if onPath.isEmpty { onPath = [Bool](repeating: false, count: scanner.objectCount) }
        guard !onPath[node.number] else {
            throw AutoCodingError(.corruptArchive, "object #\(node.number), a \(kindName(node)), contains itself")
        }
        onPath[node.number] = true
    }

    package mutating func leave(_ node: Node) {
        if node.number < onPath.count { onPath[node.number] = false }
    }

    @inline(__always)
    package mutating func nilLevel(_ node: Node) throws -> Int? {
        if node.kind.is(.asciiString) {
            return NilMarker.nullUTF8.withUnsafeBytes { scanner.inlinedPayload(node, equals: $0) } ? 0 : nil
        }
        return try plainNilLevel(node, isDictionary: node.kind.is(.dictionary))
    }

    @inline(__always)
    package mutating func field(_ coder: any FieldCoding, _ node: Node, into memory: InstanceMemory, at offset: Int,
                        _ context: DecodingContext) throws {
        try coder.decodeBinaryField(node, from: &self, into: memory, at: offset, context)
    }

    /// A value a coder holds (an element, a dictionary value, a wrapped or raw value), through the
    /// coder's entry point for this format (specialized for it).
    @inline(__always)
    package mutating func decode<Value>(_ node: Node, with coder: any ValueCoding<Value>,
                                        _ context: DecodingContext) throws -> Value {
        try coder.decodeBinaryValue(node, from: &self, context)
    }

    package mutating func tree(_ node: Node) throws -> PropertyListValue {
        if materializer == nil { materializer = BinaryPropertyListMaterializer(scanner: scanner, options: options) }
        do {
            return try materializer?.value(of: node.number, depth: 0) ?? .dictionary([:])
        } catch {
            throw AutoCodingError(error)
        }
    }

    package mutating func objectHeader(_ node: Node) throws -> ObjectHeader {
        guard node.kind.is(.dictionary) else { throw mismatch("dictionary", node) }
        return try plainObjectHeader(node)
    }
}

private extension BinaryPropertyListScanner.Kind {
    /// Whether this is `other`, compared here: the synthesized `==` of a `package` enum is reached
    /// through its `Equatable` witness from other modules, a call per comparison.
    @inline(__always)
    func `is`(_ other: Self) -> Bool {
        switch (self, other) {
        case (.bool, .bool), (.integer, .integer), (.real, .real), (.date, .date), (.data, .data),
             (.asciiString, .asciiString), (.utf16String, .utf16String), (.uid, .uid), (.array, .array),
             (.dictionary, .dictionary):
            return true
        default:
            return false
        }
    }
}
