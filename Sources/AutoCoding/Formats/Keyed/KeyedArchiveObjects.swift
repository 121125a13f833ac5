import Foundation
import PropertyList

/// The objects of a binary keyed archive, as plain values: the scanner, the `$objects` array and
/// its count.
///
/// Kept apart from ``KeyedArchiveReader``'s caches, and a class, so that reading an object
/// copies neither them nor these fields (the reader's mutating accessors would copy a struct
/// operand for each call).
final class KeyedArchiveObjects {
    let scanner: BinaryPropertyListScanner
    /// The `$objects` array.
    let array: BinaryPropertyListScanner.Object
    /// The number of `$objects`.
    let count: Int

    init(scanner: BinaryPropertyListScanner, array: BinaryPropertyListScanner.Object, count: Int) {
        self.scanner = scanner
        self.array = array
        self.count = count
    }

    /// Object `number` of the document.
    ///
    /// The scanner's checks, made inline (``BinaryPropertyListScanner/inlinedObject(_:like:)``);
    /// anything unusual is left to the scanner, which throws its error.
    @inline(__always)
    func object(_ number: Int) throws -> BinaryPropertyListScanner.Object {
        if let object = scanner.inlinedObject(number, like: array) { return object }
        return try scannedObject(number)
    }

    /// ``object(_:)`` by the scanner, which throws its error: out of line, so what is inlined
    /// where objects are read is only the checks above.
    @inline(never)
    private func scannedObject(_ number: Int) throws -> BinaryPropertyListScanner.Object {
        do {
            return try scanner.object(number)
        } catch {
            throw AutoCodingError(error)
        }
    }

    /// The object number in reference slot `slot` of an array or dictionary.
    @inline(__always)
    func reference(_ container: BinaryPropertyListScanner.Object, at slot: Int) throws -> Int {
        if let number = scanner.inlinedReference(container, at: slot) { return number }
        return try scannedReference(container, at: slot)
    }

    /// ``reference(_:at:)`` by the scanner, which throws its error (out of line, as
    /// ``scannedObject(_:)``).
    @inline(never)
    private func scannedReference(_ container: BinaryPropertyListScanner.Object, at slot: Int) throws -> Int {
        do {
            return try scanner.reference(container, at: slot)
        } catch {
            throw AutoCodingError(error)
        }
    }

    /// The UID a UID object holds.
    @inline(__always)
    func uid(_ object: BinaryPropertyListScanner.Object) -> UInt64 {
        guard let base = scanner.bytes.baseAddress else { return 0 }
        return BinaryPropertyListScanner.inlinedBigEndian(base, at: object.payloadOffset, width: object.count)
    }

    /// Whether an object's payload is exactly `bytes`.
    @inline(__always)
    func payload(_ object: BinaryPropertyListScanner.Object, equals bytes: UnsafeRawBufferPointer) -> Bool {
        scanner.inlinedPayload(object, equals: bytes)
    }

    /// The string a string object holds.
    @inline(__always)
    func string(_ object: BinaryPropertyListScanner.Object) throws -> String {
        do {
            return try scanner.string(object)
        } catch {
            throw AutoCodingError(error)
        }
    }

    /// The string of key object `number`.
    func string(ofKey number: Int) throws -> String {
        try string(try object(number))
    }

    /// `$objects[index]`.
    @inline(__always)
    func entry(_ index: Int) throws -> BinaryPropertyListScanner.Object {
        try object(try reference(array, at: index))
    }

    /// `$objects[index]`, found before at `location` (its object number and offset), or found
    /// again when the location does not give a valid object.
    @inline(__always)
    func entry(_ index: Int, at location: KeyedArchiveReader.EntryLocation) throws -> BinaryPropertyListScanner.Object {
        if let object = scanner.inlinedObject(Int(location.number), at: UInt64(location.offset), like: array) { return object }
        return try entry(index)
    }

    /// The `$objects` index `node` refers to (by reference or by UID), or `nil` for a node that
    /// is an entry or a value already.
    @inline(__always)
    func entryIndex(of node: KeyedArchiveReader.Node) throws -> Int? {
        if node.reference >= 0 { return node.reference }
        guard node.object.isUID else { return nil }
        return try index(of: uid(node.object), from: nil, key: nil)
    }

    /// The index a UID refers to, checked against `$objects`.
    @inline(__always)
    func index(of uid: UInt64, from object: Int?, key: String?) throws -> Int {
        guard uid < UInt64(count) else { throw outOfRange(uid, from: object, key: key) }
        return Int(uid)
    }

    @inline(never)
    private func outOfRange(_ uid: UInt64, from object: Int?, key: String?) -> AutoCodingError {
        KeyedArchiveReader.FormatFailure(kind: "uidOutOfRange", message: "UID \(uid) is past the \(count) objects",
                                         objectIndex: object, key: key).carried
    }

    /// `node` with a UID followed to its `$objects` entry (once: an entry that is itself a UID
    /// stays one).
    @inline(__always)
    func resolved(_ node: KeyedArchiveReader.Node) throws -> KeyedArchiveReader.Node {
        guard let index = try entryIndex(of: node) else { return node }
        return KeyedArchiveReader.Node(reference: -1, object: try entry(index), index: index)
    }

    /// Whether key objects `lhs` and `rhs` are the same string, byte for byte.
    func sameKey(_ lhs: Int, _ rhs: Int) throws -> Bool {
        if lhs == rhs { return true }
        let left = try object(lhs)
        let right = try object(rhs)
        if left.isASCII, right.isASCII {
            return left.count == right.count && payload(left, equals: scanner.payload(right))
        }
        return PropertyListKey.same(try string(left), try string(right))
    }

    /// Whether key object `number` is `key`, byte for byte.
    @inline(__always)
    func keyIsLiterally(_ number: Int, _ key: ArchiveKey) throws -> Bool {
        let object = try object(number)
        if object.isASCII { return key.isASCII && payload(object, equals: key.utf8) }
        return PropertyListKey.same(try string(object), key.text)
    }

    /// Whether key object `number` is `key` as Swift strings compare (canonical equivalence).
    @inline(__always)
    func keyEquals(_ number: Int, _ key: ArchiveKey) throws -> Bool {
        let object = try object(number)
        if object.isASCII, key.isASCII { return payload(object, equals: key.utf8) }
        return try string(object) == key.text
    }
}

/// Kind tests by marker byte: comparing the kind itself goes through `Equatable` across modules.
extension BinaryPropertyListScanner.Object {
    var isDictionary: Bool { marker >> 4 == 0xD }
    var isArray: Bool { marker >> 4 == 0xA }
    var isUID: Bool { marker >> 4 == 0x8 }
    var isInteger: Bool { marker >> 4 == 0x1 }
    var isReal: Bool { marker >> 4 == 0x2 }
    var isDate: Bool { marker == 0x33 }
    var isData: Bool { marker >> 4 == 0x4 }
    var isBool: Bool { marker == 0x08 || marker == 0x09 }
    var isASCII: Bool { marker >> 4 == 0x5 }
    var isString: Bool { marker >> 4 == 0x5 || marker >> 4 == 0x6 }
}
