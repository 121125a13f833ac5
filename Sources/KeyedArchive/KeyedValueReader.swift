import AutoCoding
import Foundation
import PropertyList

/// Typed access to the checked `$objects` of a keyed archive read as a property-list tree,
/// Foundation's value classes read as the Swift values they stand for: the graph reader's view of
/// `NSString`, `NSDate`, `NSData`, `NSURL` and `NSUUID` objects. (Typed unarchiving reads the
/// binary document in place through ``KeyedArchiveReader``, which follows the same rules.)
///
/// A node is an inline value of an object (a number, a Boolean, a UID) or an `$objects` entry.
/// Class instances are shared by index: the instance made for an object is handed out again for
/// every UID that names it, and is registered before its fields are read, so cycles close. The
/// post-decoding hooks of class instances wait until the whole graph is read and run in the order
/// their objects finished (the objects an instance refers to first).
///
/// What is worked out per object (its class, the entries of a custom object, the references of a
/// collection) is kept in arrays indexed like `$objects`, so each is worked out once.
struct KeyedValueReader: ArchiveReader {
    static var sharesObjects: Bool { true }
    static var isSelfDescribing: Bool { true }

    /// One value of the archive.
    struct Node {
        /// The value as found: inline in an object, or an `$objects` entry.
        let value: PropertyListValue
        /// The `$objects` index of `value`, when it is an entry.
        let index: Int?

        init(value: PropertyListValue, index: Int?) {
            self.value = value
            self.index = index
        }
    }

    /// What the `$class` of an object names.
    struct ObjectClass {
        /// The `$classname`.
        var name: String
        /// The Foundation value class it names, if any.
        var foundation: FoundationClass?

        init(name: String, foundation: FoundationClass?) {
            self.name = name
            self.foundation = foundation
        }
    }

    /// A broken rule of the keyed format, as the keyed archive's error kind names it, with where.
    struct FormatFailure: Error {
        var kind: String
        var message: String
        var objectIndex: Int?
        var key: String?

        init(kind: String, message: String, objectIndex: Int?, key: String?) {
            self.kind = kind
            self.message = message
            self.objectIndex = objectIndex
            self.key = key
        }

        /// The failure carried through the engine as an ``AutoCodingError`` that keeps its keyed kind.
        var carried: AutoCodingError {
            var carried = AutoCodingError(.corruptArchive, message)
            carried.formatKind = kind
            carried.objectIndex = objectIndex
            carried.objectKey = key
            return carried
        }
    }

    let objects: [PropertyListValue]
    let root: Node
    /// Describes the `$class` of the object dictionary at an index (it has a `$class` entry).
    private let describe: (PropertyListDictionary, Int) throws(FormatFailure) -> ObjectClass
    /// Instances made for objects, by index.
    private var instances: [AnyObject?]
    /// Post-decoding hooks of class instances with their objects' indexes, in the order the objects
    /// finished.
    private(set) var hooks: [(index: Int?, hook: () throws -> Void)] = []
    /// The objects being read, innermost last (for the hooks' indexes).
    private var objectPath: [Int] = []
    /// Whether each object or collection is being read, by index.
    private var onPath: [Bool]
    /// The class of each object worked out so far, by index.
    private var classes: [ObjectClass?]
    /// The entries of custom objects without `$class` and `$version`, by index.
    private var objectViews: [[(key: String, value: PropertyListValue)]?]
    /// The element UIDs of collections (`NS.objects`), by index.
    private var collectionElements: [[Int]?]
    /// The key UIDs of dictionaries (`NS.keys`), by index.
    private var dictionaryKeys: [[Int]?]

    /// A reader of checked `$objects`.
    ///
    /// - Parameters:
    ///   - objects: The `$objects` (entry 0 is `$null`).
    ///   - rootIndex: The index `$top.root` refers to, below `objects.count`.
    ///   - describe: The class of the object dictionary at an index, or the failure that makes it unreadable.
    init(objects: [PropertyListValue], rootIndex: Int,
                 describe: @escaping (PropertyListDictionary, Int) throws(FormatFailure) -> ObjectClass) {
        self.objects = objects
        self.describe = describe
        root = Node(value: .uid(UInt64(rootIndex)), index: nil)
        instances = Array(repeating: nil, count: objects.count)
        onPath = Array(repeating: false, count: objects.count)
        classes = Array(repeating: nil, count: objects.count)
        objectViews = Array(repeating: nil, count: objects.count)
        collectionElements = Array(repeating: nil, count: objects.count)
        dictionaryKeys = Array(repeating: nil, count: objects.count)
    }

    // MARK: Resolving

    /// The index a UID refers to, checked against `$objects`.
    @inline(__always)
    private func index(of uid: UInt64, from object: Int?, key: String?) throws -> Int {
        guard uid < UInt64(objects.count) else { throw outOfRange(uid, from: object, key: key) }
        return Int(uid)
    }

    @inline(never)
    private func outOfRange(_ uid: UInt64, from object: Int?, key: String?) -> AutoCodingError {
        FormatFailure(kind: "uidOutOfRange", message: "UID \(uid) is past the \(objects.count) objects",
                      objectIndex: object, key: key).carried
    }

    /// `node` with a UID followed to its `$objects` entry.
    @inline(__always)
    private func resolved(_ node: Node) throws -> Node {
        guard case .uid(let uid) = node.value else { return node }
        let index = try index(of: uid, from: nil, key: nil)
        return Node(value: objects[index], index: index)
    }

    /// The class of the object dictionary `entries` at `index`, worked out once.
    private mutating func objectClass(_ entries: PropertyListDictionary, at index: Int) throws -> ObjectClass {
        if let known = classes[index] { return known }
        let described: ObjectClass
        do {
            described = try describe(entries, index)
        } catch {
            throw error.carried
        }
        classes[index] = described
        return described
    }

    /// The Foundation class of a resolved dictionary entry, or `nil` for a custom class.
    private mutating func foundationClass(_ node: Node) throws -> FoundationClass? {
        guard let index = node.index, case .dictionary(let entries) = node.value else { return nil }
        if let known = classes[index] { return known.foundation }
        guard entries[KeyedArchiveFormat.classKey] != nil else { return nil }
        return try objectClass(entries, at: index).foundation
    }

    func kindName(_ node: Node) -> String {
        guard let node = try? resolved(node) else { return "an invalid reference" }
        if node.index == 0 { return "nil" }
        if case .dictionary(let entries) = node.value, let index = node.index {
            if let known = classes[index] { return known.name }
            if entries[KeyedArchiveFormat.classKey] != nil, let described = try? describe(entries, index) {
                return described.name
            }
        }
        return node.value.typeName
    }

    /// A mismatch, located at the offending entry when it is one (inline values are located by
    /// the object holding them).
    private func mismatch(_ expected: String, _ node: Node) -> AutoCodingError {
        let found = kindName(node)
        var error = AutoCodingError(.typeMismatch, "expected \(expected), found \(found)", expected: expected, found: found)
        if let index = (try? resolved(node))?.index, index != 0 { error.objectIndex = index }
        return error
    }

    /// A malformed entry, located at it.
    private func corrupt(_ reason: String, _ node: Node) -> AutoCodingError {
        var error = AutoCodingError(.corruptArchive, reason)
        error.objectIndex = node.index
        return error
    }

    /// The entries of a Foundation object of `kind`.
    private mutating func entries(of node: Node, _ kind: FoundationClass, expected: String) throws -> PropertyListDictionary {
        guard try foundationClass(node) == kind, case .dictionary(let entries) = node.value else {
            throw mismatch(expected, node)
        }
        return entries
    }

    private static let numberedPrefixes = [KeyedArchiveFormat.objectsField: "NS.object.", KeyedArchiveFormat.keysField: "NS.key."]

    /// Whether a collection object has nothing but its `$class` (an empty collection written with
    /// numbered keys).
    private static func isEmptyCollection(_ entries: PropertyListDictionary) -> Bool {
        entries.count == 1 && entries[KeyedArchiveFormat.classKey] != nil
    }

    /// The UIDs of `NS.objects` (or another array-of-UIDs key) of a collection object.
    ///
    /// Without the array, numbered keys are read instead (`NS.object.0`, `NS.object.1`… for
    /// `NS.objects`; `NS.key.0`… for `NS.keys`), as `NSOrderedSet` writes its elements.
    private func references(_ key: String, in entries: PropertyListDictionary, at index: Int) throws -> [Int] {
        var numbered: [PropertyListValue] = []
        if entries[key] == nil, let prefix = Self.numberedPrefixes[key] {
            // At most one numbered key per entry, so this loop is bounded by the object's size.
            while numbered.count < entries.count, let element = entries[prefix + String(numbered.count)] {
                numbered.append(element)
            }
        }
        guard case .array(let elements)? = entries[key] ?? (numbered.isEmpty && !Self.isEmptyCollection(entries) ? nil : .array(numbered))
        else {
            throw FormatFailure(kind: "malformedObject", message: "the collection has no \(key) array", objectIndex: index, key: key).carried
        }
        var result: [Int] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard case .uid(let uid) = element else {
                throw FormatFailure(kind: "malformedObject", message: "\(key) holds a \(element.typeName), not a UID",
                                    objectIndex: index, key: key).carried
            }
            result.append(try self.index(of: uid, from: index, key: key))
        }
        return result
    }

    // MARK: Scalars

    mutating func integer(_ node: Node) throws -> PropertyListInteger {
        let node = try resolved(node)
        guard case .integer(let number) = node.value else { throw mismatch("integer", node) }
        return number
    }

    mutating func real(_ node: Node) throws -> Double {
        let node = try resolved(node)
        switch node.value {
        case .real(let value): return value
        case .real32(let value): return Double(value)
        case .integer(let number):
            if let signed = number.int64Value, let value = Double(exactly: signed) { return value }
            if let unsigned = number.uint64Value, let value = Double(exactly: unsigned) { return value }
            throw AutoCodingError(.integerOutOfRange, "\(number) has no exact Double", expected: "Double", found: "\(number)")
        default: throw mismatch("real", node)
        }
    }

    mutating func real32(_ node: Node) throws -> Float {
        let node = try resolved(node)
        switch node.value {
        case .real32(let value): return value
        case .real(let value): return Float(value)
        case .integer(let number):
            if let signed = number.int64Value, let value = Float(exactly: signed) { return value }
            if let unsigned = number.uint64Value, let value = Float(exactly: unsigned) { return value }
            throw AutoCodingError(.integerOutOfRange, "\(number) has no exact Float", expected: "Float", found: "\(number)")
        default: throw mismatch("real", node)
        }
    }

    mutating func bool(_ node: Node) throws -> Bool {
        let node = try resolved(node)
        switch node.value {
        case .bool(let value): return value
        // Objective-C BOOL properties boxed by key-value coding arrive as char-typed 0/1.
        case .integer(let number) where number.int64Value == 0 || number.int64Value == 1: return number.int64Value == 1
        default: throw mismatch("bool", node)
        }
    }

    mutating func string(_ node: Node) throws -> String {
        let node = try resolved(node)
        if case .string(let text) = node.value, node.index != 0 { return text }
        let entries = try entries(of: node, .string, expected: "string")
        if case .string(let text)? = entries[KeyedArchiveFormat.stringField] { return text }
        if case .data(let bytes)? = entries[KeyedArchiveFormat.bytesField], let text = String(bytes: bytes, encoding: .utf8) {
            return text
        }
        throw corrupt("\(kindName(node)) has neither NS.string nor UTF-8 NS.bytes", node)
    }

    mutating func date(_ node: Node) throws -> Date {
        let node = try resolved(node)
        if case .date(let value) = node.value { return value }
        let entries = try entries(of: node, .date, expected: "date")
        switch entries[KeyedArchiveFormat.timeField] {
        case .real(let time)?: return Date(timeIntervalSinceReferenceDate: time)
        case .integer(let time)?:
            if let exact = time.int64Value { return Date(timeIntervalSinceReferenceDate: Double(exact)) }
        default: break
        }
        throw corrupt("NSDate has no NS.time number", node)
    }

    mutating func data(_ node: Node) throws -> Data {
        let node = try resolved(node)
        if case .data(let value) = node.value { return value }
        let entries = try entries(of: node, .data, expected: "data")
        guard case .data(let bytes)? = entries[KeyedArchiveFormat.dataField] else {
            throw corrupt("NSData has no NS.data bytes", node)
        }
        return bytes
    }

    mutating func url(_ node: Node) throws -> URL {
        let node = try resolved(node)
        if case .string(let text) = node.value, node.index != 0 {
            guard let url = URL(string: text) else {
                throw AutoCodingError(.invalidValue, "\"\(text)\" is not a URL", expected: "URL", found: "\"\(text)\"")
            }
            return url
        }
        let entries = try entries(of: node, .url, expected: "URL")
        var base: URL?
        if let baseValue = entries[KeyedArchiveFormat.baseField], baseValue != .uid(0) {
            guard let index = node.index, !onPath[index] else {
                throw corrupt("an NSURL is its own base", node)
            }
            onPath[index] = true
            defer { onPath[index] = false }
            base = try url(Node(value: baseValue, index: nil))
        }
        guard let relativeValue = entries[KeyedArchiveFormat.relativeField] else {
            throw corrupt("NSURL has no NS.relative", node)
        }
        let relative = try string(Node(value: relativeValue, index: nil))
        guard let url = URL(string: relative, relativeTo: base) else {
            throw AutoCodingError(.invalidValue, "NS.relative \"\(relative)\" is not a URL", expected: "URL", found: relative)
        }
        return url
    }

    mutating func uuid(_ node: Node) throws -> UUID {
        let node = try resolved(node)
        if case .string(let text) = node.value, node.index != 0 {
            guard let uuid = UUID(uuidString: text) else {
                throw AutoCodingError(.invalidValue, "\"\(text)\" is not a UUID", expected: "UUID", found: "\"\(text)\"")
            }
            return uuid
        }
        let entries = try entries(of: node, .uuid, expected: "UUID")
        guard case .data(let bytes)? = entries[KeyedArchiveFormat.uuidField], bytes.count == 16 else {
            throw corrupt("NSUUID has no 16 NS.uuidbytes", node)
        }
        var uuid = UUID().uuid
        withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
        return UUID(uuid: uuid)
    }

    // MARK: Collections and objects

    /// The element indexes of a collection object (`NS.objects`).
    private mutating func elements(_ node: Node) throws -> (index: Int, elements: [Int]) {
        let node = try resolved(node)
        guard let index = node.index, case .dictionary(let entries) = node.value else { throw mismatch("array", node) }
        if let known = collectionElements[index] { return (index, known) }
        let kind = try foundationClass(node)
        guard kind == .array || kind == .set || kind == .orderedSet || kind == .dictionary else {
            throw mismatch(kind == nil ? "array" : "array", node)
        }
        let elements = try references(KeyedArchiveFormat.objectsField, in: entries, at: index)
        collectionElements[index] = elements
        return (index, elements)
    }

    mutating func arrayCount(_ node: Node) throws -> Int {
        let resolvedNode = try resolved(node)
        guard try foundationClass(resolvedNode) != .dictionary else { throw mismatch("array", resolvedNode) }
        return try elements(node).elements.count
    }

    mutating func element(_ node: Node, at index: Int) throws -> Node {
        let elements = try elements(node).elements
        guard elements.indices.contains(index) else { throw AutoCodingError(.corruptArchive, "no element \(index)") }
        return Node(value: .uid(UInt64(elements[index])), index: nil)
    }

    /// The key indexes of an `NSDictionary`.
    private mutating func keys(_ node: Node, at index: Int, _ entries: PropertyListDictionary) throws -> [Int] {
        if let known = dictionaryKeys[index] { return known }
        let keys = try references(KeyedArchiveFormat.keysField, in: entries, at: index)
        let values = try elements(node).elements
        guard keys.count == values.count else {
            throw AutoCodingError(.corruptArchive, "NS.keys has \(keys.count) entries, NS.objects \(values.count)")
        }
        dictionaryKeys[index] = keys
        return keys
    }

    /// The entries of a custom object other than `$class` and `$version`.
    private mutating func objectView(_ node: Node) throws -> [(key: String, value: PropertyListValue)] {
        guard let index = node.index, case .dictionary(let entries) = node.value else { throw mismatch("an object", node) }
        if let known = objectViews[index] { return known }
        var view: [(key: String, value: PropertyListValue)] = []
        view.reserveCapacity(entries.count)
        for (key, value) in entries where key != KeyedArchiveFormat.classKey && key != ReservedKey.version {
            view.append((key, value))
        }
        objectViews[index] = view
        return view
    }

    mutating func dictionaryCount(_ node: Node) throws -> Int {
        let node = try resolved(node)
        guard let index = node.index, case .dictionary(let entries) = node.value else { throw mismatch("dictionary", node) }
        if try foundationClass(node) == .dictionary { return try keys(node, at: index, entries).count }
        guard entries[KeyedArchiveFormat.classKey] != nil else { throw mismatch("dictionary", node) }
        return try objectView(node).count
    }

    mutating func key(_ node: Node, at position: Int) throws -> String {
        let node = try resolved(node)
        guard let index = node.index, case .dictionary(let entries) = node.value else { throw mismatch("dictionary", node) }
        if try foundationClass(node) == .dictionary {
            let keys = try keys(node, at: index, entries)
            guard keys.indices.contains(position) else { throw AutoCodingError(.corruptArchive, "no key \(position)") }
            let key = Node(value: .uid(UInt64(keys[position])), index: nil)
            // Foundation dictionaries may have number keys; they read as their decimal spelling.
            if case .integer(let number) = try resolved(key).value { return number.description }
            return try string(key)
        }
        let view = try objectView(node)
        guard view.indices.contains(position) else { throw AutoCodingError(.corruptArchive, "no key \(position)") }
        return view[position].key
    }

    mutating func key(_ node: Node, at position: Int, is key: ArchiveKey) throws -> Bool {
        try self.key(node, at: position) == key.text
    }

    mutating func keyIsReserved(_ node: Node, at position: Int) throws -> Bool {
        ReservedKey.isReserved(try key(node, at: position))
    }

    mutating func value(_ node: Node, at position: Int) throws -> Node {
        let node = try resolved(node)
        guard let index = node.index, case .dictionary(let entries) = node.value else { throw mismatch("dictionary", node) }
        if try foundationClass(node) == .dictionary {
            let values = try elements(node).elements
            guard values.indices.contains(position) else { throw AutoCodingError(.corruptArchive, "no value \(position)") }
            _ = try keys(node, at: index, entries)
            return Node(value: .uid(UInt64(values[position])), index: nil)
        }
        let view = try objectView(node)
        guard view.indices.contains(position) else { throw AutoCodingError(.corruptArchive, "no value \(position)") }
        return Node(value: view[position].value, index: nil)
    }

    mutating func nilLevel(_ node: Node) throws -> Int? {
        let node = try resolved(node)
        if node.index == 0 { return 0 }
        guard case .dictionary(let entries) = node.value else { return nil }
        if entries[KeyedArchiveFormat.classKey] == nil {
            return NilMarker.level(of: node.value)
        }
        return try foundationClass(node) == .null ? 0 : nil
    }

    mutating func objectHeader(_ node: Node) throws -> ObjectHeader {
        let node = try resolved(node)
        guard let index = node.index, case .dictionary(let entries) = node.value else {
            throw mismatch("an archived object", node)
        }
        guard entries[KeyedArchiveFormat.classKey] != nil else {
            throw AutoCodingError(.corruptArchive, "the object has no $class")
        }
        let description = try objectClass(entries, at: index)
        if description.foundation != nil { throw mismatch("an archived object", node) }
        var version = 0
        if case .integer(let number)? = entries[ReservedKey.version], let exact = number.int64Value.flatMap({ Int(exactly: $0) }) {
            version = exact
        }
        return ObjectHeader(count: try objectView(node).count, firstField: 0, typeRecord: description.name, version: version)
    }

    mutating func describedType(of node: Node) throws -> Any.Type? {
        let node = try resolved(node)
        switch node.value {
        case .string: return String.self
        case .integer(let number): return number.int64Value == nil ? UInt64.self : Int.self
        case .real, .real32: return Double.self
        case .bool: return Bool.self
        case .data: return Data.self
        case .date: return Date.self
        case .uid, .array: return nil
        case .dictionary:
            switch try foundationClass(node) {
            case .string?: return String.self
            case .date?: return Date.self
            case .data?: return Data.self
            case .url?: return URL.self
            case .uuid?: return UUID.self
            case .array?, .set?, .orderedSet?: return [Any].self
            case .dictionary?: return [String: Any].self
            case .null?, nil: return nil
            }
        }
    }

    // MARK: Trees

    /// The value as a property-list tree: Foundation values as the values they stand for,
    /// references to custom objects as their UIDs.
    mutating func tree(_ node: Node) throws -> PropertyListValue {
        let node = try resolved(node)
        if node.index == 0 { return .string(NilMarker.null) }
        guard case .dictionary(let entries) = node.value, let index = node.index else {
            if case .uid = node.value { return node.value }
            return node.value
        }
        switch try foundationClass(node) {
        case .string?: return .string(try string(node))
        case .date?: return .date(try date(node))
        case .data?: return .data(try data(node))
        case .url?: return .string(try url(node).absoluteString)
        case .uuid?: return .string(try uuid(node).uuidString)
        case .null?: return .string(NilMarker.null)
        case .array?, .set?, .orderedSet?:
            try enter(node)
            defer { leave(node) }
            var items: [PropertyListValue] = []
            for element in try elements(node).elements {
                items.append(try tree(Node(value: .uid(UInt64(element)), index: nil)))
            }
            return .array(items)
        case .dictionary?:
            try enter(node)
            defer { leave(node) }
            var result = PropertyListDictionary()
            let count = try keys(node, at: index, entries).count
            for position in 0..<count {
                result.updateValue(try tree(try value(node, at: position)), forKey: try key(node, at: position))
            }
            return .dictionary(result)
        case nil:
            if entries[KeyedArchiveFormat.classKey] == nil { return node.value }
            return .uid(UInt64(index))
        }
    }

    // MARK: Graphs

    mutating func enter(_ node: Node) throws {
        guard let index = try resolved(node).index else { return }
        guard !onPath[index] else {
            throw AutoCodingError(.cycle, "the \(kindName(node)) contains itself")
        }
        onPath[index] = true
        objectPath.append(index)
    }

    mutating func leave(_ node: Node) {
        if let index = try? resolved(node).index {
            onPath[index] = false
            objectPath.removeLast()
        }
    }

    func locate(_ error: AutoCodingError, in node: Node) -> AutoCodingError {
        guard let index = try? resolved(node).index else { return error }
        return error.located(atObject: index)
    }

    mutating func sharedInstance(_ node: Node) -> AnyObject? {
        guard let index = try? resolved(node).index else { return nil }
        return instances[index]
    }

    mutating func share(_ instance: AnyObject, for node: Node) {
        if let index = try? resolved(node).index { instances[index] = instance }
    }

    mutating func deferHook(_ hook: @escaping () throws -> Void) {
        hooks.append((objectPath.last, hook))
    }
}
