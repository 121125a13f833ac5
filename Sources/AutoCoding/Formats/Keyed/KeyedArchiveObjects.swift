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
    /// The scanner's checks, made here so they inline (the scanner's own are not inlined across
    /// modules); anything unusual is left to the scanner, which throws its error.
    @inline(__always)
    func object(_ number: Int) throws -> BinaryPropertyListScanner.Object {
        if let object = quickObject(number) { return object }
        do {
            return try scanner.object(number)
        } catch {
            throw AutoCodingError(error)
        }
    }

    @inline(__always)
    private func quickObject(_ number: Int) -> BinaryPropertyListScanner.Object? {
        guard let base = scanner.bytes.baseAddress, number >= 0, number < scanner.objectCount else { return nil }
        let end = scanner.offsetTableOffset
        let raw = Self.bigEndian(base, at: end &+ number &* scanner.offsetIntSize, width: scanner.offsetIntSize)
        guard raw >= 8, raw < UInt64(end) else { return nil }
        let offset = Int(truncatingIfNeeded: raw)
        let marker = base.load(fromByteOffset: offset, as: UInt8.self)
        let low = Int(marker & 0x0F)
        let kind: BinaryPropertyListScanner.Kind
        var width = 0
        var unit = 0
        switch marker >> 4 {
        case 0x0:
            guard marker == 0x08 || marker == 0x09 else { return nil }
            return made(number, offset, marker, .bool, offset &+ 1, 0)
        case 0x1:
            guard low <= 4 else { return nil }
            kind = .integer
            width = 1 << low
        case 0x2:
            guard low == 2 || low == 3 else { return nil }
            kind = .real
            width = 1 << low
        case 0x3:
            guard marker == 0x33 else { return nil }
            kind = .date
            width = 8
        case 0x8:
            guard low < 8 else { return nil }
            kind = .uid
            width = low &+ 1
        case 0x4: kind = .data; unit = 1
        case 0x5: kind = .asciiString; unit = 1
        case 0x6: kind = .utf16String; unit = 2
        case 0xA: kind = .array; unit = scanner.objectRefSize
        case 0xD: kind = .dictionary; unit = 2 &* scanner.objectRefSize
        default: return nil
        }
        var payload = offset &+ 1
        if unit == 0 {
            guard width <= end &- payload else { return nil }
            return made(number, offset, marker, kind, payload, width)
        }
        var count = low
        if low == 0x0F {
            guard payload < end else { return nil }
            let countMarker = base.load(fromByteOffset: payload, as: UInt8.self)
            guard countMarker & 0xF0 == 0x10, countMarker & 0x0F <= 3 else { return nil }
            let countWidth = 1 << Int(countMarker & 0x0F)
            guard countWidth <= end &- (payload &+ 1) else { return nil }
            let rawCount = Self.bigEndian(base, at: payload &+ 1, width: countWidth)
            guard rawCount <= UInt64(end) else { return nil }
            count = Int(truncatingIfNeeded: rawCount)
            payload = payload &+ 1 &+ countWidth
        }
        let (length, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow, length <= end &- payload else { return nil }
        return made(number, offset, marker, kind, payload, count)
    }

    /// An object with these fields (the scanner's initializer is not visible here).
    @inline(__always)
    private func made(_ number: Int, _ offset: Int, _ marker: UInt8, _ kind: BinaryPropertyListScanner.Kind,
                      _ payloadOffset: Int, _ count: Int) -> BinaryPropertyListScanner.Object {
        var object = array
        object.number = number
        object.offset = offset
        object.marker = marker
        object.kind = kind
        object.payloadOffset = payloadOffset
        object.count = count
        return object
    }

    /// An unsigned big-endian integer of `width` (1 to 8) bytes at a checked position.
    ///
    /// The scanner's `bigEndian(_:at:width:)` again, on purpose: this runs for every reference the
    /// keyed reader follows, and a `package` function of another module is not inlined here.
    @inline(__always)
    static func bigEndian(_ base: UnsafeRawPointer, at offset: Int, width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
        case 2: return UInt64(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8: return UInt64(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for index in 0..<width {
                value = value << 8 | UInt64(base.load(fromByteOffset: offset + index, as: UInt8.self))
            }
            return value
        }
    }

    /// The object number in reference slot `slot` of an array or dictionary.
    @inline(__always)
    func reference(_ container: BinaryPropertyListScanner.Object, at slot: Int) throws -> Int {
        let slots: Int
        switch container.kind {
        case .dictionary: slots = 2 &* container.count
        case .array: slots = container.count
        default: slots = 0
        }
        if let base = scanner.bytes.baseAddress, UInt(bitPattern: slot) < UInt(bitPattern: slots) {
            let raw = Self.bigEndian(base, at: container.payloadOffset &+ slot &* scanner.objectRefSize, width: scanner.objectRefSize)
            if raw < UInt64(scanner.objectCount) { return Int(truncatingIfNeeded: raw) }
        }
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
        return Self.bigEndian(base, at: object.payloadOffset, width: object.count)
    }

    /// Whether an object's payload is exactly `bytes`.
    @inline(__always)
    func payload(_ object: BinaryPropertyListScanner.Object, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard object.count == bytes.count else { return false }
        guard let expected = bytes.baseAddress, let base = scanner.bytes.baseAddress, object.count > 0 else { return true }
        return memcmp(base + object.payloadOffset, expected, object.count) == 0
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
        if node.reference >= 0 {
            return KeyedArchiveReader.Node(reference: -1, object: try entry(node.reference), index: node.reference)
        }
        guard node.object.isUID else { return node }
        let index = try index(of: uid(node.object), from: nil, key: nil)
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
