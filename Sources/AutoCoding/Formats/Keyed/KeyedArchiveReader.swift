import Foundation
import PropertyList

/// The keyed-archive format for the engine's coders: typed access to the `$objects` of a binary
/// keyed archive, read in place from the document's bytes; Foundation's value classes read as the
/// Swift values they stand for.
///
/// A node is an inline value of an object (a number, a Boolean, a UID) or an `$objects` entry.
/// Class instances are shared by index: the instance made for an object is handed out again for
/// every UID that names it, and is registered before its fields are read, so cycles close. The
/// post-decoding hooks of class instances wait until the whole graph is read and run in the order
/// their objects finished (the objects an instance refers to first).
///
/// The document must have passed ``BinaryPropertyListValidator`` (so it holds exactly what the tree
/// reader would accept), and its top level ``top(of:options:maximumObjectCount:)``. Dictionaries
/// read as property-list dictionaries do (a repeated key keeps its first position and its last
/// value); what is worked out per object — its class, its entries — is kept in arrays indexed
/// like the objects, so each is worked out once. The reader borrows the scanner's bytes.
package struct KeyedArchiveReader: ArchiveReader {
    package static var sharesObjects: Bool { true }
    package static var isSelfDescribing: Bool { true }

    /// One value of the archive.
    package struct Node {
        /// A reference to `$objects[reference]` not followed yet (the root, collection elements),
        /// or -1.
        let reference: Int
        /// Without a reference: the value as found (inline in an object, a UID, or an entry).
        let object: BinaryPropertyListScanner.Object
        /// The `$objects` index of `object` when it is an entry, else -1.
        let index: Int
    }

    /// What the `$class` of an object names.
    package struct ObjectClass {
        /// The `$classname`.
        package var name: String
        /// The Foundation value class it names, if any.
        package var foundation: FoundationClass?
    }

    /// A broken rule of the keyed format, as the keyed archive's error kind names it, with where.
    package struct FormatFailure: Error {
        package var kind: String
        package var message: String
        package var objectIndex: Int?
        package var key: String?

        /// The failure carried through the engine as an ``AutoCodingError`` that keeps its keyed kind.
        var carried: AutoCodingError { carried(as: .corruptArchive) }

        /// ``carried`` with the engine kind `engineKind`.
        func carried(as engineKind: AutoCodingError.Kind) -> AutoCodingError {
            var carried = AutoCodingError(engineKind, message)
            carried.formatKind = kind
            carried.objectIndex = objectIndex
            carried.objectKey = key
            return carried
        }
    }

    let scanner: BinaryPropertyListScanner
    let options: PropertyListReadingOptions
    /// The `$objects` array.
    private(set) var objectsArray: BinaryPropertyListScanner.Object
    /// The number of `$objects`.
    private(set) var objectCount: Int
    /// The document's objects, for reading without touching the caches below.
    private(set) var document: KeyedArchiveObjects
    package private(set) var root: Node
    /// Builds trees for unknown entries, migration and `Codable` values.
    private var materializer: BinaryPropertyListMaterializer?
    /// Instances made for objects, by index: class instances only, few in any archive, so kept
    /// in a dictionary, which costs nothing per object to make or to free (an array of optionals
    /// by index cost a release per object when the reader was freed).
    private var instances: [Int: AnyObject] = [:]
    /// Post-decoding hooks of class instances with their objects' indexes, in the order the objects
    /// finished.
    package private(set) var hooks: [(index: Int?, hook: () throws -> Void)] = []
    /// The objects and collections being read, by index: for each, 2 more than the index of the
    /// one being read when it was entered (1: none), 0 for the others. With ``innermost``, a stack
    /// kept in one table: entering and leaving write one entry, not an entry and a stack.
    private var pathParents: [Int32]
    /// The object or collection read innermost (-1: none), for the hooks' indexes.
    private var innermost = -1
    /// The class of each object worked out so far, by index: its position in ``classList``
    /// (-1: not known yet). Plain numbers, so these per-object arrays cost nothing to free.
    var classSlots: [Int32]
    /// Whether each object is a dictionary with a `$class` (0: not known yet, 1: yes, 2: no).
    var hasClass: [UInt8]
    /// The Foundation class of each object whose class is known: 0 for a custom class, else one
    /// more than its position in `FoundationClass.allCases` (-1: not known yet).
    private var kinds: [Int8]
    /// Where an `$objects` entry lies: its object number and offset.
    package struct EntryLocation {
        var number: UInt32
        var offset: UInt32
    }

    /// Where each `$objects` entry lies, by index, as ``forEachClass(_:)`` found them (empty
    /// until then): following a UID then reads neither the `$objects` array nor the offset table.
    var entryLocations: [EntryLocation] = []
    /// Nodes resolved lately, by the number of the UID object or the reference (direct-mapped):
    /// an object's fields are read one after another, each read resolving the object again.
    private var resolvedNodes: [(key: Int, node: Node)]
    /// Class descriptions read so far, by the index of the description: positions in
    /// ``classList`` (-1: not read yet).
    var descriptionSlots: [Int32]
    /// The classes the descriptions read so far describe, one per description.
    var classList: [ObjectClass] = []
    /// The shape of each dictionary read so far, by object number (-1: not read yet; see
    /// ``entries(of:)``).
    var dictionaryShapes: [Int32]
    /// Each shape's entries in ``entryKeys``, the key objects it stands for (in ``shapeRawKeys``),
    /// and its entries other than `$class` and `$version` (in ``viewPositions``, once asked for).
    var shapeRanges: [Range<Int>] = []
    var shapeRawStarts: [Int] = []
    var shapeRawCounts: [Int] = []
    /// Where the key references of a dictionary of each shape lie in the document.
    var shapeRawOffsets: [Int] = []
    /// The shape found last for a dictionary, by its count and first key object (direct-mapped;
    /// -1: none).
    var recentShapes = [Int](repeating: -1, count: 64)
    var shapeRawKeys: [Int32] = []
    var shapeViews: [Range<Int>?] = []
    /// The class slot ``forEachClass(_:)`` found last for the object number of a `$class` value
    /// (direct-mapped by that number; -1: none).
    var recentClasses = [(number: Int, slot: Int)](repeating: (-1, 0), count: 64)
    /// The entry of `$class` and of `$version` in each shape (-1: none; -2: not looked for yet).
    var shapeClassPositions: [Int32] = []
    var shapeVersionPositions: [Int32] = []
    /// Shapes by a hash of their key objects (direct-mapped).
    var shapeCache: [(hash: UInt64, shape: Int)] = Array(repeating: (0, -1), count: 256)
    /// The key objects of the dictionary being read (scratch).
    var rawKeys: [Int32] = []
    /// The entries of all shapes: key object numbers, the slots of their values, and where the
    /// bytes of each ASCII key start and how many (-1: not ASCII).
    var entryKeys: [Int32] = []
    var entryValueSlots: [Int32] = []
    var entryKeyOffsets: [Int32] = []
    var entryKeyLengths: [Int32] = []
    /// Positions of entries (in ``entryKeys``) for ``shapeViews``.
    private var viewPositions: [Int32] = []
    /// The element indexes of collections (`NS.objects`), by index.
    private var collectionStarts: [Int32]
    private var collectionEnds: [Int32]
    /// The key indexes of dictionaries (`NS.keys`), by index.
    private var keyStarts: [Int32]
    private var keyEnds: [Int32]
    /// The indexes ``collectionStarts`` and ``keyStarts`` refer to.
    private var referenceStorage: [Int32] = []
    /// The custom object read last, by `nodeKey(_:)`, and its entries (``objectView(_:)``):
    /// property after property is looked up in it.
    private var currentKey = Int.min
    private var currentView = 0..<0
    private var currentObject: BinaryPropertyListScanner.Object
    /// Object numbers found to hold a property's key, by the key's address (direct-mapped):
    /// archives store each key string once, so after the first match a key is recognized by number.
    private var knownKeys = [KnownKey](repeating: KnownKey(), count: 256)
    /// The expansion limit for this document's size, and the collection elements and entries read
    /// so far (a collection referred to from many places counts at every reference).
    private let maximumValues: Int
    package private(set) var expandedValues = 0
    /// Foundation collections read as `Any`, by index, with how many values each counted: read
    /// once, handed out again (counted again) for every further reference.
    private var sharedCollections: [Int: (value: Any, count: Int)] = [:]
    /// Strings referred to from several places, decoded once and shared (the binary reader's rule).
    private var strings = BinaryPropertyListStringCache()

    struct KnownKey {
        var address: UInt = 0
        var number = -1
    }

    /// The entry found for a key (by its address, as in ``knownKeys``) in dictionaries of a shape
    /// (-1: none).
    struct ShapeLookup {
        var shape = -1
        var address: UInt = 0
        var position = -1
    }

    /// The entries ``lookup(_:_:)`` found lately, by shape and key (direct-mapped).
    var shapeLookups = [ShapeLookup](repeating: ShapeLookup(), count: 64)

    /// A reader of a validated document whose top level has been checked.
    ///
    /// - Parameters:
    ///   - scanner: The document.
    ///   - options: The limits the document was validated under (for trees built from it).
    ///   - maximumObjectCount: The most `$objects` accepted.
    /// - Throws: ``FormatFailure`` for a top level that is not a keyed archive's.
    package init(scanner: BinaryPropertyListScanner, options: PropertyListReadingOptions,
                 maximumObjectCount: Int) throws(FormatFailure) {
        do {
            // One reader for the top level and then the objects: what the top level's checks
            // worked out (the caches by object number, the shapes) is kept, not made twice.
            try self.init(scanner: scanner, objects: nil, root: -1, options: options)
            let top = try checkTop(maximumObjectCount: maximumObjectCount)
            attach(top.objects, root: top.root)
        } catch let failure as FormatFailure {
            throw failure
        } catch {
            throw FormatFailure(kind: "notAKeyedArchive", message: "\(error)", objectIndex: nil, key: nil)
        }
    }

    /// A reader of `objects` (or, without them, of the top level only).
    init(scanner: BinaryPropertyListScanner, objects: BinaryPropertyListScanner.Object?, root: Int,
         options: PropertyListReadingOptions) throws {
        self.scanner = scanner
        self.options = options
        maximumValues = options.expandedValueLimit(forInputOfSize: scanner.bytes.count)
        let array: BinaryPropertyListScanner.Object
        do {
            array = try scanner.object(scanner.topObject)
        } catch {
            throw AutoCodingError(error)
        }
        objectsArray = array
        objectCount = 0
        document = KeyedArchiveObjects(scanner: scanner, array: array, count: 0)
        self.root = Node(reference: root, object: array, index: -1)
        pathParents = []
        classSlots = []
        hasClass = []
        kinds = []
        resolvedNodes = Array(repeating: (Int.min, Node(reference: -1, object: array, index: -1)), count: 64)
        dictionaryShapes = Array(repeating: -1, count: scanner.objectCount)
        descriptionSlots = []
        currentObject = array
        collectionStarts = []
        collectionEnds = []
        keyStarts = []
        keyEnds = []
        if let objects { attach(objects, root: root) }
    }

    /// Makes this reader (of the top level) the reader of `objects`, whose root is `root`.
    private mutating func attach(_ objects: BinaryPropertyListScanner.Object, root: Int) {
        objectsArray = objects
        objectCount = objects.count
        document = KeyedArchiveObjects(scanner: scanner, array: objects, count: objectCount)
        self.root = Node(reference: root, object: objects, index: -1)
        instances = [:]
        pathParents = Array(repeating: 0, count: objectCount)
        classSlots = Array(repeating: -1, count: objectCount)
        hasClass = Array(repeating: 0, count: objectCount)
        kinds = Array(repeating: -1, count: objectCount)
        resolvedNodes = Array(repeating: (Int.min, Node(reference: -1, object: objects, index: -1)), count: 64)
        descriptionSlots = Array(repeating: -1, count: objectCount)
        currentObject = objects
        currentKey = Int.min
        collectionStarts = Array(repeating: -1, count: objectCount)
        collectionEnds = Array(repeating: -1, count: objectCount)
        keyStarts = Array(repeating: -1, count: objectCount)
        keyEnds = Array(repeating: -1, count: objectCount)
    }

    // MARK: Objects


    // MARK: Resolving

    /// The node of `$objects[index]`.
    package func node(forObject index: Int) -> Node {
        Node(reference: index, object: objectsArray, index: -1)
    }


    /// `node` with a UID followed to its `$objects` entry, remembered for the next reads.
    @inline(__always)
    mutating func resolve(_ node: Node) throws -> Node {
        let key: Int
        if node.reference >= 0 {
            key = -2 - node.reference
        } else if node.object.isUID {
            key = node.object.number
        } else {
            return node
        }
        let slot = key & (resolvedNodes.count - 1)
        if resolvedNodes[slot].key == key { return resolvedNodes[slot].node }
        guard let index = try document.entryIndex(of: node) else { return node }
        let entry = index < entryLocations.count ? try document.entry(index, at: entryLocations[index])
                                                 : try document.entry(index)
        let resolved = Node(reference: -1, object: entry, index: index)
        resolvedNodes[slot] = (key, resolved)
        return resolved
    }

    /// Whether a resolved value is a dictionary with a `$class`.
    @inline(__always)
    mutating func isClassed(_ node: Node) throws -> Bool {
        guard node.object.isDictionary else { return false }
        guard node.index >= 0 else { return try reservedValue(node.object, version: false) != nil }
        switch hasClass[node.index] {
        case 1: return true
        case 2: return false
        default:
            let found = try reservedValue(node.object, version: false) != nil
            hasClass[node.index] = found ? 1 : 2
            return found
        }
    }

    /// The class of a resolved entry with a `$class`.
    @inline(__always)
    private mutating func classOf(_ node: Node) throws -> ObjectClass {
        let slot = classSlots[node.index]
        if slot >= 0 { return classList[Int(slot)] }
        do {
            return try objectClass(node.object, at: node.index)
        } catch {
            throw error.carried
        }
    }

    /// The Foundation class of a resolved dictionary entry, or `nil` for a custom class.
    @inline(__always)
    mutating func foundationClass(_ node: Node) throws -> FoundationClass? {
        guard node.index >= 0, node.object.isDictionary else { return nil }
        var kind = kinds[node.index]
        if kind < 0 {
            guard try isClassed(node) else { return nil }
            let foundation = try classOf(node).foundation
            kind = foundation.flatMap { FoundationClass.allCases.firstIndex(of: $0) }.map { Int8($0 + 1) } ?? 0
            kinds[node.index] = kind
        }
        return kind == 0 ? nil : FoundationClass.allCases[Int(kind) - 1]
    }

    /// Whether a resolved entry is an object of a custom class.
    @inline(__always)
    mutating func isCustomObject(_ node: Node) throws -> Bool {
        guard node.index >= 0, node.object.isDictionary else { return false }
        if kinds[node.index] >= 0 { return kinds[node.index] == 0 }
        return try isClassed(node) && foundationClass(node) == nil
    }

    package func kindName(_ node: Node) -> String {
        guard let node = try? document.resolved(node) else { return "an invalid reference" }
        if node.index == 0 { return "nil" }
        if node.object.isDictionary, node.index >= 0 {
            if classSlots[node.index] >= 0 { return classList[Int(classSlots[node.index])].name }
            var copy = self
            if (try? copy.isClassed(node)) == true, let described = try? copy.objectClass(node.object, at: node.index) {
                return described.name
            }
        }
        return Self.typeName(node.object)
    }

    /// A mismatch, located at the offending entry when it is one (inline values are located by
    /// the object holding them).
    @inline(never)
    private func mismatch(_ expected: String, _ node: Node) -> AutoCodingError {
        let found = kindName(node)
        var error = AutoCodingError(.typeMismatch, "expected \(expected), found \(found)", expected: expected, found: found)
        if let index = (try? document.resolved(node))?.index, index > 0 { error.objectIndex = index }
        return error
    }

    /// A malformed entry, located at it.
    @inline(never)
    private func corrupt(_ reason: String, _ node: Node) -> AutoCodingError {
        var error = AutoCodingError(.corruptArchive, reason)
        error.objectIndex = node.index >= 0 ? node.index : nil
        return error
    }

    /// The dictionary of a Foundation object of `kind`.
    private mutating func foundationObject(_ node: Node, _ kind: FoundationClass,
                                           expected: String) throws -> BinaryPropertyListScanner.Object {
        guard try foundationClass(node) == kind, node.object.isDictionary else { throw mismatch(expected, node) }
        return node.object
    }

    // MARK: Scalars

    package mutating func integer(_ node: Node) throws -> PropertyListInteger {
        let node = try resolve(node)
        guard node.object.isInteger else { throw mismatch("integer", node) }
        do {
            return try scanner.integer(node.object)
        } catch {
            throw AutoCodingError(error)
        }
    }

    package mutating func real(_ node: Node) throws -> Double {
        let node = try resolve(node)
        switch node.object.kind {
        case .real: return scanner.double(node.object)
        case .integer:
            return try integer(node).exactDouble()
        default: throw mismatch("real", node)
        }
    }

    package mutating func real32(_ node: Node) throws -> Float {
        let node = try resolve(node)
        switch node.object.kind {
        case .real: return node.object.count == 4 ? scanner.float(node.object) : Float(scanner.double(node.object))
        case .integer:
            return try integer(node).exactFloat()
        default: throw mismatch("real", node)
        }
    }

    package mutating func bool(_ node: Node) throws -> Bool {
        let node = try resolve(node)
        switch node.object.kind {
        case .bool: return scanner.bool(node.object)
        // Objective-C BOOL properties boxed by key-value coding arrive as char-typed 0/1.
        case .integer:
            let number = try integer(node)
            if number.int64Value == 0 || number.int64Value == 1 { return number.int64Value == 1 }
            throw mismatch("bool", node)
        default: throw mismatch("bool", node)
        }
    }

    @inline(__always)
    package mutating func string(_ node: Node) throws -> String {
        let node = try resolve(node)
        if node.object.isString, node.index != 0 { return try sharedString(node.object) }
        return try foundationString(node)
    }

    /// The text of a string object, decoded once however many objects refer to it.
    ///
    /// Short ASCII strings, most of an archive's, are not cached (see the cache): made here, as
    /// the binary reader makes them, without calling into the scanner.
    @inline(__always)
    private mutating func sharedString(_ object: BinaryPropertyListScanner.Object) throws -> String {
        if let text = scanner.inlinedShortASCIIString(object) { return text }
        do {
            return try strings.string(object, in: scanner)
        } catch {
            throw AutoCodingError(error)
        }
    }

    /// The text of an `NSString` object (or the error for what is no string).
    @inline(never)
    private mutating func foundationString(_ node: Node) throws -> String {
        let entries = try foundationObject(node, .string, expected: "string")
        if let text = try lookup(entries, Keys.string.key), text.isString { return try sharedString(text) }
        if let bytes = try lookup(entries, Keys.bytes.key), bytes.isData,
           let text = String(bytes: scanner.payload(bytes), encoding: .utf8) {
            return text
        }
        throw corrupt("\(kindName(node)) has neither NS.string nor UTF-8 NS.bytes", node)
    }

    package mutating func date(_ node: Node) throws -> Date {
        let node = try resolve(node)
        if node.object.isDate { return scanner.date(node.object) }
        let entries = try foundationObject(node, .date, expected: "date")
        if let time = try lookup(entries, Keys.time.key) {
            switch time.kind {
            case .real:
                // A 32-bit real is a property-list real32, which NS.time does not take.
                if time.count == 8 { return Date(timeIntervalSinceReferenceDate: scanner.double(time)) }
            case .integer:
                if let exact = try scanner.integerValue(time)?.int64Value {
                    return Date(timeIntervalSinceReferenceDate: Double(exact))
                }
            default: break
            }
        }
        throw corrupt("NSDate has no NS.time number", node)
    }

    package mutating func data(_ node: Node) throws -> Data {
        let node = try resolve(node)
        if node.object.isData { return scanner.data(node.object) }
        let entries = try foundationObject(node, .data, expected: "data")
        guard let bytes = try lookup(entries, Keys.data.key), bytes.isData else {
            throw corrupt("NSData has no NS.data bytes", node)
        }
        return scanner.data(bytes)
    }

    package mutating func url(_ node: Node) throws -> URL {
        let node = try resolve(node)
        if node.object.isString, node.index != 0 {
            let text = try document.string(node.object)
            guard let url = URL(string: text) else {
                throw AutoCodingError(.invalidValue, "\"\(text)\" is not a URL", expected: "URL", found: "\"\(text)\"")
            }
            return url
        }
        let entries = try foundationObject(node, .url, expected: "URL")
        var base: URL?
        if let baseValue = try lookup(entries, Keys.base.key), !(baseValue.isUID && document.uid(baseValue) == 0) {
            guard node.index >= 0, pathParents[node.index] == 0 else {
                throw corrupt("an NSURL is its own base", node)
            }
            pathParents[node.index] = Int32(truncatingIfNeeded: innermost &+ 2)
            defer { pathParents[node.index] = 0 }
            base = try url(Node(reference: -1, object: baseValue, index: -1))
        }
        guard let relativeValue = try lookup(entries, Keys.relative.key) else {
            throw corrupt("NSURL has no NS.relative", node)
        }
        let relative = try string(Node(reference: -1, object: relativeValue, index: -1))
        guard let url = URL(string: relative, relativeTo: base) else {
            throw AutoCodingError(.invalidValue, "NS.relative \"\(relative)\" is not a URL", expected: "URL", found: relative)
        }
        return url
    }

    package mutating func uuid(_ node: Node) throws -> UUID {
        let node = try resolve(node)
        if node.object.isString, node.index != 0 {
            let text = try document.string(node.object)
            guard let uuid = UUID(uuidString: text) else {
                throw AutoCodingError(.invalidValue, "\"\(text)\" is not a UUID", expected: "UUID", found: "\"\(text)\"")
            }
            return uuid
        }
        let entries = try foundationObject(node, .uuid, expected: "UUID")
        guard let bytes = try lookup(entries, Keys.uuid.key), bytes.isData, bytes.count == 16 else {
            throw corrupt("NSUUID has no 16 NS.uuidbytes", node)
        }
        var uuid = UUID().uuid
        let payload = scanner.payload(bytes)
        withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: payload) }
        return UUID(uuid: uuid)
    }

    // MARK: Collections and objects

    private static let numberedPrefixes = [KeyedArchiveFormat.objectsField: "NS.object.", KeyedArchiveFormat.keysField: "NS.key."]

    /// The indexes of `NS.objects` (or `NS.keys`) of a collection object, appended to
    /// ``referenceStorage``.
    ///
    /// Without the array, numbered keys are read instead (`NS.object.0`, `NS.object.1`… for
    /// `NS.objects`; `NS.key.0`… for `NS.keys`), as `NSOrderedSet` writes its elements.
    ///
    /// - Returns: Where they lie in ``referenceStorage``.
    private mutating func references(_ key: ArchiveKey, in dictionary: BinaryPropertyListScanner.Object,
                                     at index: Int) throws -> (start: Int32, end: Int32) {
        let field = key.text
        let start = referenceStorage.count
        if let array = try lookup(dictionary, key) {
            guard array.isArray else {
                throw FormatFailure(kind: "malformedObject", message: "the collection has no \(field) array",
                                    objectIndex: index, key: field).carried
            }
            for position in 0..<array.count {
                try appendReference(try document.reference(array, at: position), field: field, from: index)
            }
        } else {
            var elements: [Int] = []
            if let prefix = Self.numberedPrefixes[field] {
                let count = try entries(of: dictionary).count
                // At most one numbered key per entry, so this loop is bounded by the object's size.
                while elements.count < count, let element = try lookup(dictionary, prefix + String(elements.count)) {
                    elements.append(element.number)
                }
            }
            let isEmptyCollection = try entries(of: dictionary).count == 1 && reservedValue(dictionary, version: false) != nil
            if elements.isEmpty, !isEmptyCollection {
                throw FormatFailure(kind: "malformedObject", message: "the collection has no \(field) array",
                                    objectIndex: index, key: field).carried
            }
            for number in elements { try appendReference(number, field: field, from: index) }
        }
        return (Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: referenceStorage.count))
    }

    /// Appends to ``referenceStorage`` the index that element object `number` (a UID) refers to.
    @inline(__always)
    private mutating func appendReference(_ number: Int, field: String, from index: Int) throws {
        let element = try document.object(number)
        guard element.isUID else {
            throw FormatFailure(kind: "malformedObject", message: "\(field) holds a \(Self.typeName(element)), not a UID",
                                objectIndex: index, key: field).carried
        }
        referenceStorage.append(Int32(truncatingIfNeeded: try document.index(of: document.uid(element), from: index, key: field)))
    }

    /// Where the element indexes of a collection object (`NS.objects`) lie in ``referenceStorage``.
    @inline(__always)
    mutating func elements(_ node: Node) throws -> (index: Int, elements: Range<Int>) {
        let node = try resolve(node)
        if node.index >= 0, node.object.isDictionary, collectionStarts[node.index] >= 0 {
            return (node.index, Int(collectionStarts[node.index])..<Int(collectionEnds[node.index]))
        }
        return try storedElements(node)
    }

    /// ``elements(_:)`` of a resolved node read for the first time (or the error for what is no
    /// collection).
    @inline(never)
    private mutating func storedElements(_ node: Node) throws -> (index: Int, elements: Range<Int>) {
        guard node.index >= 0, node.object.isDictionary else { throw mismatch("array", node) }
        let kind = try foundationClass(node)
        guard kind == .array || kind == .set || kind == .orderedSet || kind == .dictionary else {
            throw mismatch("array", node)
        }
        let stored = try references(Keys.objects.key, in: node.object, at: node.index)
        collectionStarts[node.index] = stored.start
        collectionEnds[node.index] = stored.end
        return (node.index, Int(stored.start)..<Int(stored.end))
    }

    package mutating func arrayCount(_ node: Node) throws -> Int {
        let resolvedNode = try resolve(node)
        guard try foundationClass(resolvedNode) != .dictionary else { throw mismatch("array", resolvedNode) }
        return try elements(node).elements.count
    }

    @inline(__always)
    package mutating func element(_ node: Node, at index: Int) throws -> Node {
        try countValues(1)
        let elements = try elements(node).elements
        guard index >= 0, index < elements.count else { throw Self.noEntry("element", index) }
        return Node(reference: Int(referenceStorage[elements.lowerBound + index]), object: objectsArray, index: -1)
    }

    /// Where the key indexes of an `NSDictionary` lie in ``referenceStorage``.
    mutating func keys(_ node: Node) throws -> Range<Int> {
        if keyStarts[node.index] >= 0 { return Int(keyStarts[node.index])..<Int(keyEnds[node.index]) }
        let stored = try references(Keys.keys.key, in: node.object, at: node.index)
        let keyCount = Int(stored.end - stored.start)
        let values = try elements(node).elements
        guard keyCount == values.count else {
            throw AutoCodingError(.corruptArchive, "NS.keys has \(keyCount) entries, NS.objects \(values.count)")
        }
        keyStarts[node.index] = stored.start
        keyEnds[node.index] = stored.end
        return Int(stored.start)..<Int(stored.end)
    }

    /// What identifies a node until it is resolved: its reference or UID object (`Int.min` for
    /// other values).
    @inline(__always)
    private static func nodeKey(_ node: Node) -> Int {
        if node.reference >= 0 { return -2 - node.reference }
        return node.object.isUID ? node.object.number : Int.min
    }

    /// The entries of `node` when it is (a UID of) a custom object, else `nil`.
    @inline(__always)
    private mutating func customView(_ node: Node) throws -> Range<Int>? {
        let key = Self.nodeKey(node)
        if key != Int.min, key == currentKey { return currentView }
        return try findCustomView(node, key: key)
    }

    /// ``customView(_:)`` of a node other than the current object's, which becomes current.
    /// Out of line: property after property of one object takes the inline path above.
    @inline(never)
    private mutating func findCustomView(_ node: Node, key: Int) throws -> Range<Int>? {
        let resolved = try resolve(node)
        guard try isCustomObject(resolved) else { return nil }
        let view = try objectView(resolved)
        currentObject = resolved.object
        currentKey = key
        currentView = view
        return view
    }

    /// The positions (in ``entryKeys``) of the entries of a custom object other than `$class`
    /// and `$version`.
    @inline(__always)
    private mutating func objectView(_ node: Node) throws -> Range<Int> {
        guard node.index >= 0, node.object.isDictionary else { throw mismatch("an object", node) }
        let shape = try shape(of: node.object)
        if let known = shapeViews[shape] { return known }
        return try makeObjectView(shape)
    }

    /// The ``objectView(_:)`` of the objects of `shape`, worked out the first time one is read.
    @inline(never)
    private mutating func makeObjectView(_ shape: Int) throws -> Range<Int> {
        let start = viewPositions.count
        for position in shapeRanges[shape] {
            if try entryKey(position, is: Keys.classKey.key, literally: false)
                || entryKey(position, is: Keys.version.key, literally: false)
                || entryKey(position, is: Keys.escapedVersion.key, literally: true) { continue }
            viewPositions.append(Int32(truncatingIfNeeded: position))
        }
        let view = start..<viewPositions.count
        shapeViews[shape] = view
        return view
    }

    package mutating func dictionaryCount(_ node: Node) throws -> Int {
        let node = try resolve(node)
        guard node.index >= 0, node.object.isDictionary else { throw mismatch("dictionary", node) }
        if try foundationClass(node) == .dictionary { return try keys(node).count }
        guard try isClassed(node) else { throw mismatch("dictionary", node) }
        return try objectView(node).count
    }

    /// The key object number of entry `position` of a custom object.
    @inline(__always)
    private mutating func viewKey(_ node: Node, at position: Int) throws -> Int {
        let view = try objectView(node)
        guard position >= 0, position < view.count else { throw AutoCodingError(.corruptArchive, "no key \(position)") }
        return Int(entryKeys[Int(viewPositions[view.lowerBound + position])])
    }

    package mutating func key(_ node: Node, at position: Int) throws -> String {
        let node = try resolve(node)
        guard node.index >= 0, node.object.isDictionary else { throw mismatch("dictionary", node) }
        if try foundationClass(node) == .dictionary {
            let keys = try keys(node)
            guard position >= 0, position < keys.count else { throw AutoCodingError(.corruptArchive, "no key \(position)") }
            let key = Node(reference: Int(referenceStorage[keys.lowerBound + position]), object: objectsArray, index: -1)
            // Foundation dictionaries may have number keys; they read as their decimal spelling.
            let resolvedKey = try document.resolved(key)
            if resolvedKey.object.isInteger { return try integer(resolvedKey).description }
            return try string(key)
        }
        return try document.string(ofKey: try viewKey(node, at: position))
    }

    @inline(__always)
    package mutating func key(_ node: Node, at position: Int, is key: ArchiveKey) throws -> Bool {
        guard let view = try customView(node) else {
            return try self.key(node, at: position) == key.text
        }
        guard position >= 0, position < view.count else { throw Self.noEntry("key", position) }
        let number = Int(entryKeys[Int(viewPositions[view.lowerBound + position])])
        let address = UInt(bitPattern: key.utf8.baseAddress)
        let slot = Int(truncatingIfNeeded: key.hash) & (knownKeys.count - 1)
        if knownKeys[slot].number == number, knownKeys[slot].address == address { return true }
        let matches = try document.keyEquals(number, key)
        if matches { knownKeys[slot] = KnownKey(address: address, number: number) }
        return matches
    }

    package mutating func keyIsReserved(_ node: Node, at position: Int) throws -> Bool {
        ReservedKey.isReserved(try key(node, at: position))
    }

    /// No entry `position` in a dictionary.
    @inline(never)
    private static func noEntry(_ what: String, _ position: Int) -> AutoCodingError {
        AutoCodingError(.corruptArchive, "no \(what) \(position)")
    }

    @inline(__always)
    package mutating func value(_ node: Node, at position: Int) throws -> Node {
        if let view = try customView(node) {
            guard position >= 0, position < view.count else { throw Self.noEntry("value", position) }
            let value = try document.object(try entryValue(currentObject, Int(viewPositions[view.lowerBound + position])))
            return Node(reference: -1, object: value, index: -1)
        }
        return try collectionValue(node, at: position)
    }

    /// ``value(_:at:)`` of an `NSDictionary` (or of what is not a custom object, for its error).
    @inline(never)
    private mutating func collectionValue(_ node: Node, at position: Int) throws -> Node {
        let node = try resolve(node)
        guard node.index >= 0, node.object.isDictionary else { throw mismatch("dictionary", node) }
        if try foundationClass(node) == .dictionary {
            try countValues(1)
            let values = try elements(node).elements
            guard position >= 0, position < values.count else { throw AutoCodingError(.corruptArchive, "no value \(position)") }
            _ = try keys(node)
            return Node(reference: Int(referenceStorage[values.lowerBound + position]), object: objectsArray, index: -1)
        }
        let view = try objectView(node)
        guard position >= 0, position < view.count else { throw AutoCodingError(.corruptArchive, "no value \(position)") }
        let value = try document.object(try entryValue(node.object, Int(viewPositions[view.lowerBound + position])))
        return Node(reference: -1, object: value, index: -1)
    }

    package mutating func nilLevel(_ node: Node) throws -> Int? {
        let node = try resolve(node)
        if node.index == 0 { return 0 }
        guard node.object.isDictionary else { return nil }
        if !(try isClassed(node)) { return try plainNilLevel(node) }
        return try foundationClass(node) == .null ? 0 : nil
    }

    /// ``NilMarker/level(of:)`` of a dictionary without `$class`: `{"$nil": level}`.
    private mutating func plainNilLevel(_ node: Node) throws -> Int? {
        let entries = try entries(of: node.object)
        guard entries.count == 1, try document.keyEquals(Int(entryKeys[entries.lowerBound]), ReservedKey.nilKey) else { return nil }
        let value = try document.object(try entryValue(node.object, entries.lowerBound))
        guard value.isInteger, let level = try scanner.integerValue(value)?.int64Value.flatMap({ Int(exactly: $0) }),
              level >= 0 else { return nil }
        return level
    }

    package mutating func objectHeader(_ node: Node) throws -> ObjectHeader {
        let node = try resolve(node)
        guard node.index >= 0, node.object.isDictionary else {
            throw mismatch("an archived object", node)
        }
        if try foundationClass(node) == .dictionary { return try dictionaryObjectHeader(node) }
        guard try isClassed(node) else {
            throw AutoCodingError(.corruptArchive, "the object has no $class")
        }
        let description = try classOf(node)
        if description.foundation != nil { throw mismatch("an archived object", node) }
        var version = 0
        if let number = try reservedValue(node.object, version: true), number.isInteger,
           let exact = try scanner.integerValue(number)?.int64Value.flatMap({ Int(exactly: $0) }) {
            version = exact
        }
        return ObjectHeader(count: try objectView(node).count, firstField: 0, typeRecord: description.name, version: version)
    }

    /// The header of a value stored as an `NSDictionary` of its properties (how the `NSCoding`
    /// bridge stores a struct through Foundation's archiver): the `$type` and `$version` entries,
    /// wherever the dictionary's order puts them.
    private mutating func dictionaryObjectHeader(_ node: Node) throws -> ObjectHeader {
        let count = try dictionaryCount(node)
        var header = ObjectHeader(count: count, firstField: 0, typeRecord: nil, version: 0)
        for index in 0..<count where try keyIsReserved(node, at: index) {
            if try key(node, at: index, is: ReservedKey.typeKey) {
                header.typeRecord = try headerTypeRecord(try value(node, at: index))
            } else if try key(node, at: index, is: ReservedKey.versionKey) {
                header.version = try headerVersion(try value(node, at: index))
            }
        }
        return header
    }

    package mutating func describedType(of node: Node) throws -> Any.Type? {
        let node = try resolve(node)
        switch node.object.kind {
        case .asciiString, .utf16String: return String.self
        case .integer:
            let number = try integer(node)
            return number.int64Value == nil ? UInt64.self : Int.self
        case .real: return Double.self
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

    /// The property-list value of a document object, as the tree reader builds it.
    mutating func tree(of object: BinaryPropertyListScanner.Object) throws -> PropertyListValue {
        switch object.kind {
        case .bool: return .bool(scanner.bool(object))
        case .integer:
            do {
                return .integer(try scanner.integer(object))
            } catch {
                throw AutoCodingError(error)
            }
        case .real: return object.count == 4 ? .real32(scanner.float(object)) : .real(scanner.double(object))
        case .date: return .date(scanner.date(object))
        case .data: return .data(scanner.data(object))
        case .asciiString, .utf16String: return .string(try document.string(object))
        case .uid: return .uid(document.uid(object))
        case .array, .dictionary: break
        }
        if materializer == nil { materializer = BinaryPropertyListMaterializer(scanner: scanner, options: options) }
        do {
            return try materializer?.value(of: object.number, depth: 0) ?? .dictionary([:])
        } catch {
            throw AutoCodingError(error)
        }
    }

    // MARK: Expansion

    /// Counts `added` values read against the expansion limit.
    @inline(__always)
    mutating func countValues(_ added: Int) throws {
        let (total, overflow) = expandedValues.addingReportingOverflow(added)
        guard !overflow, total <= maximumValues else { throw expansionError() }
        expandedValues = total
    }

    @inline(never)
    private func expansionError() -> AutoCodingError {
        FormatFailure(kind: "expansionLimitExceeded",
                      message: "shared collections expand to more than \(maximumValues) values, the limit for "
                          + "\(scanner.bytes.count) bytes of input (each reference counts the whole collection)",
                      objectIndex: innermost >= 0 ? innermost : nil, key: nil).carried(as: .expansionLimitExceeded)
    }

    package mutating func sharedValue(_ node: Node) throws -> Any? {
        guard let index = try? resolve(node).index, index > 0, let entry = sharedCollections[index] else { return nil }
        try countValues(entry.count)
        return entry.value
    }

    package mutating func share(value: Any, for node: Node, countedSince mark: Int) {
        guard let resolved = try? resolve(node), resolved.index > 0, resolved.object.isDictionary,
              let kind = try? foundationClass(resolved), kind == .array || kind == .set || kind == .orderedSet || kind == .dictionary
        else { return }
        sharedCollections[resolved.index] = (value, expandedValues - mark)
    }

    // MARK: Graphs

    package mutating func enter(_ node: Node) throws {
        let index = try resolve(node).index
        guard index >= 0 else { return }
        guard pathParents[index] == 0 else {
            throw AutoCodingError(.cycle, "the \(kindName(node)) contains itself")
        }
        pathParents[index] = Int32(truncatingIfNeeded: innermost &+ 2)
        innermost = index
    }

    package mutating func leave(_ node: Node) {
        if let index = try? resolve(node).index, index >= 0 {
            innermost = Int(pathParents[index]) &- 2
            pathParents[index] = 0
        }
    }

    package func locate(_ error: AutoCodingError, in node: Node) -> AutoCodingError {
        guard let index = try? document.resolved(node).index, index >= 0 else { return error }
        return error.located(atObject: index)
    }

    @inline(__always)
    package mutating func field(_ coder: any FieldCoding, _ node: Node, into memory: InstanceMemory, at offset: Int,
                                _ context: DecodingContext) throws {
        try coder.decodeKeyedField(node, from: &self, into: memory, at: offset, context)
    }

    @inline(__always)
    package mutating func decode<Value>(_ node: Node, with coder: any ValueCoding<Value>,
                                        _ context: DecodingContext) throws -> Value {
        try coder.decodeKeyedValue(node, from: &self, context)
    }

    package mutating func sharedInstance(_ node: Node) -> AnyObject? {
        guard let index = try? resolve(node).index, index >= 0 else { return nil }
        return instances[index]
    }

    package mutating func share(_ instance: AnyObject, for node: Node) {
        if let index = try? resolve(node).index, index >= 0 { instances[index] = instance }
    }

    /// Frees what a failed read made: resets the properties of every instance made so far to their
    /// `init()` defaults, so the cycles among them (references back to objects being read) are
    /// broken and the instances freed once the reader is. Hooks are dropped without running.
    ///
    /// Without it, every failed read of an archive with a cycle would leak its partial graph.
    package mutating func releaseInstances(_ engine: AutoCodingEngine) {
        hooks = []
        sharedCollections = [:]
        var prototypes: [ObjectIdentifier: AnyObject] = [:]
        let madeInstances = instances
        instances = [:]
        for instance in madeInstances.values {
            let type: AnyObject.Type = Swift.type(of: instance)
            guard let plan = try? engine.objectCoder(for: type).plan, plan.isClass else { continue }
            let prototype: AnyObject
            if let made = prototypes[ObjectIdentifier(type)] {
                prototype = made
            } else {
                prototype = plan.conformance.init() as AnyObject
                prototypes[ObjectIdentifier(type)] = prototype
            }
            plan.resetFields(of: instance, from: prototype)
        }
    }

    package mutating func deferHook(_ hook: @escaping () throws -> Void) {
        hooks.append((innermost >= 0 ? innermost : nil, hook))
    }
}

extension BinaryPropertyListScanner {
    /// The integer an integer object holds, or `nil` for a 16-byte one out of range.
    func integerValue(_ object: Object) throws -> PropertyListInteger? {
        try? integer(object)
    }
}
