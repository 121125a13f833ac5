import Foundation
import PropertyList

/// The `NSCoding` format for coders, reading: the properties of the object whose `init(coder:)`
/// runs come from its `NSCoder`, as ``NSCoderBridgeWriter`` and ``KeyedArchiveWriter`` store them.
///
/// Integers, reals and Booleans of the object are read with the typed `decode…(forKey:)` calls;
/// an optional's is an `NSNumber` object or `$null`. Objects are read with
/// `decodeObject(of:forKey:)`, allowing the property-list classes and the `NSCoding` classes the
/// type's properties can hold (``NSCoderBridgeClasses``), so secure coding holds. An `NSObject`
/// property the coder makes is taken as it comes (the coder ran its `init(coder:)`, and keeps one
/// instance per archived object); structs are read from the dictionaries the writer makes.
///
/// `NSCoder` cannot list an object's keys: the unknown-keys hook sees nothing of the coder's own
/// object, and a migration hook cannot rewrite it (an archive of another version is refused).
struct NSCoderBridgeReader: ArchiveReader {
    typealias Node = NSCoderBridgeNode

    /// Objects the coder makes are shared by it: an `NSObject` property read twice is one instance.
    static var sharesObjects: Bool { true }
    static var readsFieldsByKey: Bool { true }

    let root: Node = .object
    private let coder: NSCoder
    /// The classes `decodeObject(of:forKey:)` allows.
    private let classes: [AnyClass]
    /// The object last read for a key (by ``nilLevel(_:)`` or a container's first access), so the
    /// reads that follow on the same node do not read it again.
    private var lastKey: String?
    private var lastNode: Node = .object
    /// Hooks of class instances, run by ``runDeferredHooks()`` once the object is read.
    private var hooks: [() throws -> Void] = []

    /// Whether the coder checks classes (else objects are read with `decodeObject(forKey:)`).
    private let requiresSecureCoding: Bool
    private let keyedUnarchiver: NSKeyedUnarchiver?
    /// The call's context, whose depth the objects the coder makes start from (their
    /// `init(coder:)` may call the bridge again: ``BridgeNesting``).
    private let context: DecodingContext

    init(_ coder: NSCoder, classes: [AnyClass], context: DecodingContext) {
        self.coder = coder
        self.classes = classes
        self.context = context
        requiresSecureCoding = coder.requiresSecureCoding
        keyedUnarchiver = coder as? NSKeyedUnarchiver
    }

    /// Runs the hooks the coders deferred (this format shares objects, so class hooks wait).
    mutating func runDeferredHooks() throws {
        let pending = hooks
        hooks = []
        for hook in pending { try hook() }
    }

    func kindName(_ node: Node) -> String {
        switch node {
        case .object: return "object"
        case .key: return "value"
        case .value(let value): return Self.kindName(of: value)
        }
    }

    private static func kindName(of value: Any) -> String {
        switch value {
        case is NSNull: return "nil"
        case is String: return "string"
        case let number as NSNumber: return typeCode(number) == UInt8(ascii: "c") ? "Boolean" : "number"
        case is Data: return "data"
        case is Date: return "date"
        case is URL: return "URL"
        case is UUID: return "UUID"
        case is NSArray: return "array"
        case is NSCoderBridgeDictionary: return "dictionary"
        default: return "\(type(of: value))"
        }
    }

    // MARK: Reading from the coder

    /// The object under `key`, read with the allowed classes (`nil` for `$null`).
    ///
    /// - Throws: ``absent`` when the key holds nothing (properties are looked up without a check
    ///   first: ``field(_:_:into:at:_:)`` keeps the default then).
    private mutating func decodeObject(forKey key: String) throws -> Node? {
        if lastKey == key { return lastNode }
        // Checked first: Foundation's unarchiver fails the whole archive when a missing key is read.
        guard coder.containsValue(forKey: key) else { throw Self.absent }
        let object = BridgeNesting.handingOver(at: context.levelsForHandOver) {
            requiresSecureCoding ? coder.decodeObject(of: classes, forKey: key) : coder.decodeObject(forKey: key)
        }
        guard let object else {
            if let failure = keyedUnarchiver?.error {
                throw AutoCodingError(.corruptArchive, "the coder failed to read the value: \(failure)")
            }
            return nil
        }
        let node = NSCoderBridgeNode.wrapping(object)
        lastKey = key
        lastNode = node
        return node
    }

    /// What a read of a key the coder's object lacks throws (caught by ``field(_:_:into:at:_:)``).
    private static var absent: AutoCodingError { AutoCodingError(.missingValue, "the coder holds no value for the key") }

    /// Reads a property whose key was not checked first (a number costs one lookup, as in
    /// hand-written `init(coder:)`): a key the coder lacks keeps the property's default.
    mutating func field(_ fieldCoder: any FieldCoding, _ node: Node, into memory: InstanceMemory, at offset: Int,
                        _ context: DecodingContext) throws {
        do {
            try fieldCoder.decodeField(node, from: &self, into: memory, at: offset, context)
        } catch let error as AutoCodingError where error.kind == .missingValue && error.path.isEmpty {
            guard case .key(let key) = node, !coder.containsValue(forKey: key) else { throw error }
        }
    }

    /// A scalar the typed calls read: a zero may stand for a missing key.
    @inline(__always)
    private func checked<T: Equatable & ExpressibleByIntegerLiteral>(_ value: T, _ key: String) throws -> T {
        if value == 0, !coder.containsValue(forKey: key) { throw Self.absent }
        return value
    }

    /// The Foundation object `node` stands for.
    private mutating func object(_ node: Node) throws -> Any {
        switch node {
        case .value(let value):
            return value
        case .key(let key):
            guard let read = try decodeObject(forKey: key), case .value(let value) = read else {
                throw AutoCodingError(.typeMismatch, "expected a value, found nil", found: "nil")
            }
            return value
        case .object:
            throw AutoCodingError(.typeMismatch, "expected a value, found the coder's object", found: "object")
        }
    }

    /// The `NSNumber` a number node holds: the object read for an optional, or a collection's.
    private mutating func number(_ node: Node, expected: String) throws -> NSNumber {
        try typed(NSNumber.self, node, expected: expected)
    }

    /// The first character of `number`'s `objCType`: `c` Boolean, `d`/`f` real, `Q` past `Int64`.
    private static func typeCode(_ number: NSNumber) -> UInt8 { UInt8(bitPattern: number.objCType.pointee) }

    /// The key of `node` when its number is read with the typed calls: a key of the coder's object
    /// whose value was not read as an object (as an optional's `NSNumber` is, by ``nilLevel(_:)``).
    private func inlineKey(_ node: Node) -> String? {
        guard case .key(let key) = node else { return nil }
        return lastKey == key ? nil : key
    }

    // MARK: Scalars

    mutating func integer(_ node: Node) throws -> PropertyListInteger {
        if let key = inlineKey(node) { return PropertyListInteger(try checked(coder.decodeInt64(forKey: key), key)) }
        let number = try number(node, expected: "integer")
        let code = Self.typeCode(number)
        if code == UInt8(ascii: "Q") { return PropertyListInteger(number.uint64Value) }
        if code == UInt8(ascii: "d") || code == UInt8(ascii: "f") {
            let real = number.doubleValue
            guard let exact = Int64(exactly: real) else {
                throw AutoCodingError(.typeMismatch, "expected integer, found the real \(real)", expected: "integer",
                                      found: "\(real)")
            }
            return PropertyListInteger(exact)
        }
        return PropertyListInteger(number.int64Value)
    }

    mutating func real(_ node: Node) throws -> Double {
        if let key = inlineKey(node) { return try checked(coder.decodeDouble(forKey: key), key) }
        return try number(node, expected: "real").doubleValue
    }

    mutating func real32(_ node: Node) throws -> Float {
        if let key = inlineKey(node) { return try checked(coder.decodeFloat(forKey: key), key) }
        return try number(node, expected: "real").floatValue
    }

    mutating func bool(_ node: Node) throws -> Bool {
        if let key = inlineKey(node) {
            let flag = coder.decodeBool(forKey: key)
            if !flag, !coder.containsValue(forKey: key) { throw Self.absent }
            return flag
        }
        let number = try number(node, expected: "Boolean")
        guard Self.typeCode(number) == UInt8(ascii: "c") || number.int64Value == 0 || number.int64Value == 1 else {
            throw AutoCodingError(.typeMismatch, "expected Boolean, found \(number)", expected: "Boolean", found: "\(number)")
        }
        return number.boolValue
    }

    /// `node`'s object as a `T`, or a mismatch naming `expected`.
    private mutating func typed<T>(_ type: T.Type, _ node: Node, expected: String) throws -> T {
        let value = try object(node)
        guard let typed = value as? T else {
            throw AutoCodingError(.typeMismatch, "expected \(expected), found \(Self.kindName(of: value))",
                                  expected: expected, found: Self.kindName(of: value))
        }
        return typed
    }

    mutating func string(_ node: Node) throws -> String {
        let value = try object(node)
        // A class cast, then the bridge (a conditional cast to `String` costs a runtime search).
        if let text = value as? NSString { return String._unconditionallyBridgeFromObjectiveC(text) }
        return try typed(String.self, .value(value), expected: "string")
    }

    mutating func date(_ node: Node) throws -> Date {
        let value = try object(node)
        if let date = value as? NSDate { return Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate) }
        return try typed(Date.self, .value(value), expected: "date")
    }

    mutating func data(_ node: Node) throws -> Data {
        let value = try object(node)
        // One copy of the bytes (a conditional cast to `Data` copies them one at a time).
        if let data = value as? NSData { return Data(bytes: data.bytes, count: data.length) }
        return try typed(Data.self, .value(value), expected: "data")
    }
    mutating func url(_ node: Node) throws -> URL { try typed(URL.self, node, expected: "URL") }
    mutating func uuid(_ node: Node) throws -> UUID { try typed(UUID.self, node, expected: "UUID") }

    /// `nil` is `$null` (UID 0) in the coder's object and `NSNull` in collections; deeper levels of
    /// nested optionals `{"$nil": level}`. An inline number (a non-optional property's spelling)
    /// is not `nil`; anything else under the key is read now, once.
    mutating func nilLevel(_ node: Node) throws -> Int? {
        switch node {
        case .object:
            return nil
        case .key(let key):
            if lastKey == key { return try Self.nilLevel(of: lastNode) }
            // A number stored inline is never `nil`, and reading it as an object would fail.
            if coder.decodeDouble(forKey: key) != 0 { return nil }
            guard let read = try decodeObject(forKey: key) else { return 0 }
            return try Self.nilLevel(of: read)
        case .value:
            return try Self.nilLevel(of: node)
        }
    }

    private static func nilLevel(of node: Node) throws -> Int? {
        guard case .value(let value) = node else { return nil }
        if value is NSNull { return 0 }
        guard let dictionary = value as? NSCoderBridgeDictionary, dictionary.keys == [ReservedKey.nilMarker] else {
            return nil
        }
        guard let number = dictionary.values[0] as? NSNumber, number.int64Value >= 0,
              let level = Int(exactly: number.int64Value) else {
            throw AutoCodingError(.corruptArchive, "a nil marker has the level \(dictionary.values[0])")
        }
        return level
    }

    // MARK: Containers

    private mutating func array(_ node: Node) throws -> NSArray { try typed(NSArray.self, node, expected: "array") }

    private mutating func dictionary(_ node: Node) throws -> NSCoderBridgeDictionary {
        try typed(NSCoderBridgeDictionary.self, node, expected: "dictionary")
    }

    mutating func arrayCount(_ node: Node) throws -> Int { try array(node).count }

    mutating func element(_ node: Node, at index: Int) throws -> Node {
        let array = try array(node)
        guard index >= 0, index < array.count else {
            throw AutoCodingError(.corruptArchive, "element \(index) is past the end of an array of \(array.count)")
        }
        return NSCoderBridgeNode.wrapping(array.object(at: index))
    }

    mutating func dictionaryCount(_ node: Node) throws -> Int { try dictionary(node).keys.count }
    mutating func key(_ node: Node, at index: Int) throws -> String { try dictionary(node).keys[index] }

    mutating func key(_ node: Node, at index: Int, is key: ArchiveKey) throws -> Bool {
        try dictionary(node).keys[index] == key.text
    }

    mutating func keyIsReserved(_ node: Node, at index: Int) throws -> Bool {
        try dictionary(node).keys[index].utf8.first == UInt8(ascii: "$")
    }

    mutating func value(_ node: Node, at index: Int) throws -> Node {
        NSCoderBridgeNode.wrapping(try dictionary(node).values[index])
    }

    mutating func value(_ node: Node, forKey key: ArchiveKey) throws -> Node? {
        guard case .object = node else { return try dictionary(node).value(forKey: key.text).map(NSCoderBridgeNode.wrapping) }
        return .key(key.text)
    }

    /// The coder's object cannot list its keys: nothing is unknown there.
    mutating func unclaimedEntries(_ node: Node, claimed: Set<String>) throws -> PropertyListDictionary {
        guard case .object = node else {
            let dictionary = try dictionary(node)
            var unknown = PropertyListDictionary()
            for (index, key) in dictionary.keys.enumerated() where !claimed.contains(key) {
                unknown.updateValue(try tree(.value(dictionary.values[index])), forKey: key)
            }
            return unknown
        }
        return PropertyListDictionary()
    }

    /// The coder's object records its version under `$version` (its class is the coder's);
    /// a dictionary has the plain formats' reserved entries.
    mutating func objectHeader(_ node: Node) throws -> ObjectHeader {
        guard case .object = node else {
            var header = ObjectHeader(count: 0, firstField: 0, typeRecord: nil, version: 0)
            if let record = try value(node, forKey: ReservedKey.typeKey) { header.typeRecord = try headerTypeRecord(record) }
            if let version = try value(node, forKey: ReservedKey.versionKey) { header.version = try headerVersion(version) }
            return header
        }
        let version = coder.decodeInt64(forKey: ReservedKey.version)
        guard let exact = Int(exactly: version) else {
            throw AutoCodingError(.integerOutOfRange, "version \(version) does not fit Int", path: [.key(ReservedKey.version)])
        }
        return ObjectHeader(count: 0, firstField: 0, typeRecord: nil, version: exact)
    }

    // MARK: Objects

    /// An `NSObject` the coder made for `node` (it ran the class's `init(coder:)`): an instance of
    /// the declared class read with `decodeObject(of:forKey:)`, or a collection's element.
    mutating func instance(_ node: Node, of type: Any.Type) throws -> AnyObject? {
        switch node {
        case .object:
            return nil
        case .key(let key):
            // What the coder made: an `NSObject` (the declared class or not: the caller checks),
            // or a dictionary, which the caller reads as the value's properties.
            guard case .value(let value)? = try decodeObject(forKey: key) else { return nil }
            return value as? NSObject
        case .value(let value):
            return value as? NSObject
        }
    }

    mutating func deferHook(_ hook: @escaping () throws -> Void) { hooks.append(hook) }

    // MARK: Trees

    /// The value as a property-list tree: what a `Codable` property or an unknown entry holds.
    mutating func tree(_ node: Node) throws -> PropertyListValue {
        if case .object = node {
            throw AutoCodingError(.unsupportedType, "an NSCoder cannot list an object's keys, so its properties "
                                    + "cannot be read as one tree (a migration hook cannot run on an NSCoding object)")
        }
        if case .key(let key) = node, lastKey != key {
            let real = coder.decodeDouble(forKey: key)
            if real != 0 {
                // An inline number (the writer stores trees' scalars as objects; others may not).
                let integer = coder.decodeInt64(forKey: key)
                return Double(integer) == real ? .integer(PropertyListInteger(integer)) : .real(real)
            }
        }
        return try Self.tree(of: try object(node), depth: 0)
    }

    private static func tree(of value: Any, depth: Int) throws -> PropertyListValue {
        guard depth < PropertyListReadingOptions.defaultMaximumDepth else {
            throw AutoCodingError(.depthLimitExceeded,
                                  "a value nests deeper than the limit of \(PropertyListReadingOptions.defaultMaximumDepth)")
        }
        switch value {
        case is NSNull:
            return NilMarker.tree(level: 0)
        case let text as String:
            return .string(text)
        case let number as NSNumber:
            switch typeCode(number) {
            case UInt8(ascii: "c"): return .bool(number.boolValue)
            case UInt8(ascii: "d"): return .real(number.doubleValue)
            case UInt8(ascii: "f"): return .real32(number.floatValue)
            case UInt8(ascii: "Q"): return .integer(PropertyListInteger(number.uint64Value))
            default: return .integer(PropertyListInteger(number.int64Value))
            }
        case let data as Data:
            return .data(data)
        case let date as Date:
            return .date(date)
        case let url as URL:
            return .string(url.absoluteString)
        case let uuid as UUID:
            return .string(uuid.uuidString)
        case let array as NSArray:
            var values: [PropertyListValue] = []
            values.reserveCapacity(array.count)
            for element in array { values.append(try tree(of: element, depth: depth + 1)) }
            return .array(values)
        case let set as NSSet:
            return try tree(of: NSArray(array: set.allObjects), depth: depth)
        case let dictionary as NSDictionary:
            return try tree(of: NSCoderBridgeDictionary(dictionary), depth: depth)
        case let dictionary as NSCoderBridgeDictionary:
            var entries = PropertyListDictionary(minimumCapacity: dictionary.keys.count)
            for (index, key) in dictionary.keys.enumerated() {
                entries.updateValue(try tree(of: dictionary.values[index], depth: depth + 1), forKey: key)
            }
            return .dictionary(entries)
        default:
            throw AutoCodingError(.typeMismatch, "a \(type(of: value)) is not a property-list value",
                                  expected: "property-list value", found: "\(type(of: value))")
        }
    }
}
