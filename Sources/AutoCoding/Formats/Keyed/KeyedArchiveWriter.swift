import Foundation
import PropertyList

/// The keyed-archive format for the engine's coders: values become the `$objects` of an
/// `NSKeyedArchiver` archive.
///
/// Each class instance gets one slot, found again by `ObjectIdentifier`, so sharing and cycles are
/// written as repeated UIDs; a slot is reserved when an object begins, so a reference back to it
/// from inside (a cycle) finds it. Inside an object, integers, reals and Booleans are stored inline
/// as `encode(_:forKey:)` stores them and everything else is a UID; inside collections every
/// element is a UID (numbers become `NSNumber` entries). Strings and class descriptions are written
/// once per distinct value.
///
/// The `$objects` are kept as flat records (no property-list tree) and written out at the end,
/// straight into the binary stream writer (``binaryArchive()``) or as a tree (``propertyList()``);
/// both give the document the tree of the same objects would have. Lives in this module, next to
/// the coders, so they are specialized for it.
package struct KeyedArchiveWriter: ArchiveWriter {
    package static var sharesObjects: Bool { true }
    package static var isSelfDescribing: Bool { true }

    /// What an open container or object is.
    enum FrameKind {
        case object, array, set, dictionary
    }

    /// An open container or object: where its entries start on the pending stacks.
    struct Frame {
        let kind: FrameKind
        let slot: Int
        let fieldStart: Int
        let elementStart: Int
        let keyStart: Int
        /// Numbers frames in the order they open (objects' key stamps refer to it).
        let serial: Int
        /// The key of the next entry of an object (the empty string until one is given).
        var pendingKey: Int32 = -1
        /// Whether structs inside are written as dictionaries of their properties: below an
        /// `NSObject` subclass's object, whose archive Foundation's unarchiver must be able to read
        /// (it has no class to make for a struct).
        var structsAsDictionaries = false
    }

    /// The key of object entries: a prepared key (stable bytes) or a string. Keys are numbered
    /// once per distinct string, so entries compare keys by number.
    struct Key {
        var prepared: ArchiveKey?
        var text: String
    }

    /// A value stored in an object entry or as a number entry: a UID or an inline scalar.
    ///
    /// The bits come first so that a ``Field`` packs its key after the tag: 16 bytes, not 24.
    struct Value {
        enum Tag: UInt8 { case uid, integer, unsigned, real, bool }
        var bits: UInt64
        var tag: Tag

        init(tag: Tag, bits: UInt64) {
            self.bits = bits
            self.tag = tag
        }

        static func uid(_ number: UInt64) -> Value { Value(tag: .uid, bits: number) }
    }

    /// An object entry: the number of its key in ``keys`` (-1: the empty string) and its value.
    ///
    /// 12 bytes: the value's bits as two 32-bit halves (so the entry is 4-byte aligned) and the
    /// key with the value's tag in its low 3 bits. Key numbers therefore stay below 2^28
    /// (``checkRecordLimits()`` refuses archives with more keys).
    struct Field {
        private var low: UInt32
        private var high: UInt32
        private var keyAndTag: UInt32

        init(key: Int32, value: Value) {
            low = UInt32(truncatingIfNeeded: value.bits)
            high = UInt32(truncatingIfNeeded: value.bits >> 32)
            keyAndTag = UInt32(bitPattern: key) << 3 | UInt32(value.tag.rawValue)
        }

        var key: Int32 { Int32(bitPattern: keyAndTag) >> 3 }

        var value: Value {
            get {
                Value(tag: Value.Tag(rawValue: UInt8(truncatingIfNeeded: keyAndTag & 7)) ?? .uid,
                      bits: UInt64(high) << 32 | UInt64(low))
            }
            set { self = Field(key: key, value: newValue) }
        }
    }

    /// What one `$objects` entry is.
    enum SlotKind: UInt8 {
        /// `$null` (entry 0, and entries reserved for containers not closed yet).
        case null
        /// A string: `start` indexes ``strings``.
        case string
        /// Bytes: `start` indexes ``datas``.
        case data
        /// A number or Boolean entry: `a` is the ``Value/Tag`` raw value, `b` its bits.
        case scalar
        /// An object: `start`/`count` in ``fields``.
        case object
        /// `NSArray` / `NSSet`: `a` the class UID, `start`/`count` element UIDs in ``references``.
        case array, set
        /// `NSDictionary`: `a` the class UID, `start`/`count` value UIDs and `b`/`c` key UIDs in ``references``.
        case dictionary
        /// `NSDate`: `a` the class UID, `b` the time's bits.
        case date
        /// `NSURL`: `a` the class UID, `b` the base UID, `c` the relative string's UID.
        case url
        /// `NSUUID`: `a` the class UID, `start` indexes ``datas``.
        case uuid
        /// A nested nil marker: `b` the level.
        case nilMarker
        /// `NSNull` (`nil` inside a collection, where Foundation allows no `$null`): `a` the class UID.
        case nsNull
        /// A class description: `start` indexes the name in ``strings``, `b`/`c` the classes there.
        case classDescription
    }

    /// One `$objects` entry: 24 bytes. There are as many as the archive has entries, so their
    /// size is most of the memory an archive takes and gives back.
    ///
    /// `a`, `start` and `count` (UIDs, and indexes and counts in the other records) are stored in
    /// 32 bits, and so are `b` and `c` where an entry has both (they share 64 bits); where it has
    /// only `b` (a number's or date's bits, a nil marker's level) it keeps all 64. The writer
    /// refuses archives with more records than 32 bits count (``checkRecordLimits()``), so
    /// nothing stored here is ever cut short.
    struct Slot {
        private var wide: UInt64
        private var narrowA: UInt32
        private var narrowStart: UInt32
        private var narrowCount: UInt32
        let kind: SlotKind

        init(kind: SlotKind, a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, start: Int = 0, count: Int = 0) {
            self.kind = kind
            narrowA = UInt32(truncatingIfNeeded: a)
            narrowStart = UInt32(truncatingIfNeeded: start)
            narrowCount = UInt32(truncatingIfNeeded: count)
            wide = Self.hasC(kind) ? UInt64(UInt32(truncatingIfNeeded: b)) | c << 32 : b
        }

        /// Whether entries of `kind` store `c` (then `b` and `c` take 32 bits each).
        @inline(__always)
        private static func hasC(_ kind: SlotKind) -> Bool {
            kind == .dictionary || kind == .url || kind == .classDescription
        }

        var a: UInt64 { UInt64(narrowA) }
        var b: UInt64 { Self.hasC(kind) ? wide & 0xFFFF_FFFF : wide }
        var c: UInt64 { Self.hasC(kind) ? wide >> 32 : 0 }
        var start: Int { Int(narrowStart) }
        var count: Int { Int(narrowCount) }
    }

    /// The `$objects` so far.
    private(set) var slots: [Slot] = [Slot(kind: .null)]
    /// The UID of the archive's `NSNull` object (0: none yet).
    private var nullObject: UInt64 = 0
    /// The UID of the root.
    private(set) var root: UInt64 = 0
    private(set) var strings: [String] = []
    private(set) var datas: [Data] = []
    private(set) var fields: [Field] = []
    private(set) var references: [UInt64] = []
    /// The distinct keys of object entries.
    private(set) var keys: [Key] = []
    private var keyNumbers = KeyedStringTable(expectedCount: 32)
    /// For each key, the serial of the last frame that took an entry under it: while a frame is
    /// open, its keys' stamps are at least its serial, so a smaller stamp means a new key.
    private var keyStamps: [Int] = []
    private var frameSerial = 0
    /// Key numbers of prepared keys by the address of their bytes (direct-mapped by hash).
    private var preparedKeys = [(address: UInt, number: Int32)](repeating: (0, -1), count: 256)
    /// The number of the `$class` key, which every object takes first (-1: not numbered yet).
    private var classKeyNumber: Int32 = -1

    /// The innermost open container or object, kept out of ``enclosing`` so the keys and values
    /// given to it update a plain stored property, not an array element.
    private var innermost: Frame?
    /// The open containers and objects around ``innermost``, outermost first.
    private var enclosing: [Frame] = []
    /// Entries of open objects, innermost last.
    private var pendingFields = PendingStack<Field>()
    /// Element (and value) UIDs of open collections, innermost last.
    private var pendingElements = PendingStack<UInt64>()
    /// Key UIDs of open dictionaries, innermost last.
    private var pendingKeys = PendingStack<UInt64>()

    /// Whether the next value is an optional's: a number or Boolean in an object then becomes an
    /// `NSNumber` entry of its own (as Swift's `coder.encode(optionalNumber, forKey:)` stores it),
    /// so readers going through `NSCoder` can tell it from `nil` before reading it.
    private var boxesNextScalar = false

    private var objectSlots: [ObjectIdentifier: UInt64] = [:]
    /// The instances given slots, kept alive so no identifier is reused while archiving.
    private var retained: [AnyObject] = []
    private(set) var stringSlots: KeyedStringTable
    /// Class descriptions by class name.
    private(set) var classSlots: [String: UInt64] = [:]
    /// Class-description UIDs of Foundation classes, by ``foundationOrdinal(_:)`` (0: not written yet).
    private var foundationSlots = [UInt64](repeating: 0, count: 10)
    /// Class-description UIDs of `AutoCodable` types, and the type each custom name was used for.
    private var typeSlots: [ObjectIdentifier: UInt64] = [:]
    /// Recently used entries of ``typeSlots``, direct-mapped by the type's address (objects of a
    /// few types alternate, so most objects find their class here without hashing).
    private var recentTypeSlots = [(type: ObjectIdentifier?, slot: UInt64)](repeating: (nil, 0), count: 16)
    private var namedTypes: [String: ObjectIdentifier] = [:]
    private let className: (any AutoCodable.Type) -> String

    /// The root type whose last archive's counts size this one's buffers (see ``rememberSizes()``).
    let rootType: Any.Type?
    /// The counts of the last archive of ``rootType``, if there was one.
    let lastSizes: KeyedArchiveSizeHints.Sizes?

    /// Starts an archive.
    ///
    /// - Parameters:
    ///   - className: The `$classname` of each `AutoCodable` type.
    ///   - rootType: The type of the root, when known: its last archive's counts reserve the buffers.
    package init(className: @escaping (any AutoCodable.Type) -> String, rootType: Any.Type? = nil) {
        self.className = className
        self.rootType = rootType
        let sizes = rootType.flatMap { KeyedArchiveSizeHints.shared.sizes(for: $0) }
        lastSizes = sizes
        stringSlots = KeyedStringTable(expectedCount: sizes?.strings ?? 0)
        guard let sizes else { return }
        slots.reserveCapacity(sizes.slots + sizes.slots / 16 + 16)
        fields.reserveCapacity(sizes.fields + sizes.fields / 16 + 16)
        references.reserveCapacity(sizes.references + sizes.references / 16 + 16)
        strings.reserveCapacity(sizes.strings + sizes.strings / 16 + 16)
        datas.reserveCapacity(sizes.datas + sizes.datas / 16 + 16)
    }

    /// Whether this archive's records fit what ``Slot`` and ``Field`` store: at most `UInt32.max`
    /// of each kind (every index and UID a slot holds is below one of these counts), and fewer
    /// than 2^28 distinct keys.
    ///
    /// - Throws: ``KeyedArchiveWriterFailure`` (`objectCountLimitExceeded`) when they do not.
    package func checkRecordLimits() throws {
        let limit = Int(UInt32.max)
        guard slots.count <= limit, fields.count <= limit, references.count <= limit, strings.count <= limit,
              datas.count <= limit, keys.count < 1 << 28 else {
            throw KeyedArchiveWriterFailure(kind: "objectCountLimitExceeded",
                                            message: "keyed archives written here are limited to \(limit) objects")
        }
    }

    /// Gives back the memory of the table that finds string entries by text, once no more strings
    /// will be added: ``stringUID(_:)`` must not be called after this.
    mutating func releaseStringTable() {
        stringSlots = KeyedStringTable()
    }

    /// Records this archive's counts for the next archive of its root type.
    package func rememberSizes() {
        guard let rootType else { return }
        KeyedArchiveSizeHints.shared.record(for: rootType) { sizes in
            sizes.slots = slots.count
            sizes.fields = fields.count
            sizes.references = references.count
            sizes.strings = strings.count
            sizes.datas = datas.count
        }
    }

    // MARK: Placing values

    /// Makes the value with UID `uid` the next value of the innermost container (or the root).
    private mutating func add(uid: UInt64) {
        add(.uid(uid))
    }

    /// Adds `value` to the innermost container: as is inside an object (numbers and Booleans
    /// inline, everything else a UID), else as a UID, numbers becoming entries of their own.
    private mutating func add(_ value: Value) {
        let boxed = boxesNextScalar
        boxesNextScalar = false
        guard let top = innermost else {
            root = value.tag == .uid ? value.bits : newSlot(Slot(kind: .scalar, a: UInt64(value.tag.rawValue), b: value.bits))
            return
        }
        switch top.kind {
        case .object:
            if boxed, value.tag != .uid {
                return add(.uid(newSlot(Slot(kind: .scalar, a: UInt64(value.tag.rawValue), b: value.bits))))
            }
            var key = top.pendingKey
            if key < 0 {
                key = keyNumber("", prepared: nil, hash: KeyedStringTable.hash(""))
                innermost?.pendingKey = key
            }
            addField(key: key, value, to: top)
        case .array, .set, .dictionary:
            pendingElements.append(value.tag == .uid ? value.bits
                                                     : newSlot(Slot(kind: .scalar, a: UInt64(value.tag.rawValue), b: value.bits)))
        }
    }

    /// Adds the entry `key`: `value` to the object `top` (the innermost frame).
    ///
    /// A key given twice keeps its first position and takes the last value.
    @inline(__always)
    private mutating func addField(key: Int32, _ value: Value, to top: Frame) {
        if keyStamps[Int(key)] >= top.serial {
            var position = top.fieldStart
            while position < pendingFields.count {
                if pendingFields[position].key == key {
                    pendingFields[position].value = value
                    return
                }
                position += 1
            }
        }
        keyStamps[Int(key)] = top.serial
        pendingFields.append(Field(key: key, value: value))
    }

    /// The text of key number `key`.
    func text(ofKey key: Int32) -> String {
        key >= 0 ? keys[Int(key)].text : ""
    }

    /// The number of the key `text`, numbered now when it is new.
    private mutating func keyNumber(_ text: String, prepared: ArchiveKey?, hash: UInt64) -> Int32 {
        let found = keyNumbers.find(text, hash: hash)
        if let number = found.number { return Int32(truncatingIfNeeded: number) }
        keys.append(Key(prepared: prepared, text: text))
        keyStamps.append(-1)
        let number = Int32(truncatingIfNeeded: keys.count - 1)
        keyNumbers.insert(text, hash: hash, number: UInt64(number), at: found.slot)
        return number
    }

    @inline(__always)
    private mutating func newSlot(_ slot: Slot) -> UInt64 {
        slots.append(slot)
        return UInt64(slots.count - 1)
    }

    /// The UID of a string, written once per distinct string.
    private mutating func stringUID(_ string: String) -> UInt64 {
        let next = UInt64(slots.count)
        if let known = stringSlots.number(for: string, orRecord: next) { return known }
        strings.append(string)
        return newSlot(Slot(kind: .string, start: strings.count - 1))
    }

    private mutating func dataIndex(_ value: Data) -> Int {
        datas.append(value)
        return datas.count - 1
    }

    // MARK: Scalars

    package mutating func string(_ value: String) throws { add(uid: stringUID(value)) }
    package mutating func integer(_ value: Int64) throws { add(Value(tag: .integer, bits: UInt64(bitPattern: value))) }
    package mutating func unsigned(_ value: UInt64) throws { add(Value(tag: .unsigned, bits: value)) }
    package mutating func real(_ value: Double) throws { add(Value(tag: .real, bits: value.bitPattern)) }
    package mutating func real32(_ value: Float) throws { add(Value(tag: .real, bits: Double(value).bitPattern)) }
    package mutating func bool(_ value: Bool) throws { add(Value(tag: .bool, bits: value ? 1 : 0)) }
    package mutating func data(_ value: Data) throws { add(uid: newSlot(Slot(kind: .data, start: dataIndex(value)))) }

    package mutating func date(_ value: Date) throws {
        let kind = foundationClass(.date)
        add(uid: newSlot(Slot(kind: .date, a: kind, b: value.timeIntervalSinceReferenceDate.bitPattern)))
    }

    package mutating func url(_ value: URL) throws {
        add(uid: urlUID(value))
    }

    private mutating func urlUID(_ value: URL) -> UInt64 {
        let base = value.baseURL.map { urlUID($0) } ?? 0
        let relative = stringUID(value.baseURL == nil ? value.absoluteString : value.relativeString)
        let kind = foundationClass(.url)
        return newSlot(Slot(kind: .url, a: kind, b: base, c: relative))
    }

    package mutating func uuid(_ value: UUID) throws {
        let bytes = withUnsafeBytes(of: value.uuid) { Data($0) }
        let kind = foundationClass(.uuid)
        add(uid: newSlot(Slot(kind: .uuid, a: kind, start: dataIndex(bytes))))
    }

    /// `nil` is UID 0 (`$null`), as `encode(nil, forKey:)` writes it; a `nil` further inside nested
    /// optionals is the plain formats' `{"$nil": level}`.
    ///
    /// Inside a collection `nil` is `NSNull`, as Foundation writes it (an `NSArray` cannot hold
    /// `$null`); it reads back as `nil`. One `NSNull` object serves the whole archive.
    package mutating func nilMarker(level: Int) throws {
        if level == 0, let top = innermost, top.kind != .object {
            if nullObject == 0 { nullObject = newSlot(Slot(kind: .nsNull, a: foundationClass(.null))) }
            return add(uid: nullObject)
        }
        guard level > 0 else { return add(uid: 0) }
        add(uid: newSlot(Slot(kind: .nilMarker, b: UInt64(bitPattern: Int64(level)))))
    }

    /// A property-list tree (a `Codable` type's output, unknown entries) as Foundation values:
    /// arrays as `NSArray`, dictionaries as `NSDictionary`, scalars as above.
    package mutating func tree(_ value: PropertyListValue) throws {
        // An explicit stack, not recursion: a `Codable` tree may be nested deeply.
        var pending: [(value: PropertyListValue, next: Int)] = []
        try startTree(value, &pending)
        while let top = pending.indices.last {
            let position = pending[top].next
            switch pending[top].value {
            case .array(let items) where position < items.count:
                pending[top].next += 1
                try startTree(items[position], &pending)
            case .dictionary(let entries) where position < entries.count:
                pending[top].next += 1
                try key(entries[position].key)
                try startTree(entries[position].value, &pending)
            case .array:
                pending.removeLast()
                try endArray()
            default:
                pending.removeLast()
                try endDictionary()
            }
        }
    }

    private mutating func startTree(_ value: PropertyListValue,
                                    _ pending: inout [(value: PropertyListValue, next: Int)]) throws {
        switch value {
        case .string(let text): try string(text)
        case .integer(let number):
            if let signed = number.int64Value { try integer(signed) } else { try unsigned(number.uint64Value ?? 0) }
        case .real(let number): try real(number)
        case .real32(let number): try real32(number)
        case .bool(let flag): try bool(flag)
        case .date(let moment): try date(moment)
        case .data(let bytes): try data(bytes)
        case .uid(let number): add(uid: number)
        case .array(let items):
            try beginArray(count: items.count)
            pending.append((value, 0))
        case .dictionary(let entries):
            try beginDictionary(count: entries.count)
            pending.append((value, 0))
        }
    }

    // MARK: Containers

    private mutating func open(_ kind: FrameKind) -> Int {
        let slot = newSlot(Slot(kind: .null))
        add(uid: slot)
        pushFrame(kind, slot: Int(slot))
        return Int(slot)
    }

    /// Opens a frame and returns it (now ``innermost``).
    @discardableResult
    private mutating func pushFrame(_ kind: FrameKind, slot: Int, structsAsDictionaries: Bool? = nil) -> Frame {
        frameSerial += 1
        let frame = Frame(kind: kind, slot: slot, fieldStart: pendingFields.count, elementStart: pendingElements.count,
                          keyStart: pendingKeys.count, serial: frameSerial,
                          structsAsDictionaries: structsAsDictionaries ?? innermost?.structsAsDictionaries ?? false)
        if let outer = innermost { enclosing.append(outer) }
        innermost = frame
        return frame
    }

    package mutating func beginArray(count: Int) throws { _ = open(.array) }
    package mutating func beginSet(count: Int) throws { _ = open(.set) }
    package mutating func beginDictionary(count: Int) throws { _ = open(.dictionary) }

    package mutating func endArray() throws { close() }
    package mutating func endSet() throws { close() }
    package mutating func endDictionary() throws { close() }

    private mutating func close() {
        guard let frame = innermost else { return }
        innermost = enclosing.isEmpty ? nil : enclosing.removeLast()
        switch frame.kind {
        case .object:
            let start = fields.count
            pendingFields.move(from: frame.fieldStart, to: &fields)
            slots[frame.slot] = Slot(kind: .object, start: start, count: fields.count - start)
        case .array, .set:
            let kind = foundationClass(frame.kind == .set ? .set : .array)
            let start = references.count
            pendingElements.move(from: frame.elementStart, to: &references)
            slots[frame.slot] = Slot(kind: frame.kind == .set ? .set : .array, a: kind, start: start,
                                     count: references.count - start)
        case .dictionary:
            let kind = foundationClass(.dictionary)
            let keyStart = references.count
            pendingKeys.move(from: frame.keyStart, to: &references)
            let start = references.count
            pendingElements.move(from: frame.elementStart, to: &references)
            slots[frame.slot] = Slot(kind: .dictionary, a: kind, b: UInt64(keyStart), c: UInt64(start - keyStart),
                                     start: start, count: references.count - start)
        }
    }

    package mutating func key(_ key: String) throws {
        guard let top = innermost else { return }
        if top.kind == .dictionary {
            pendingKeys.append(stringUID(key))
        } else {
            let number = keyNumber(key, prepared: nil, hash: KeyedStringTable.hash(key))
            innermost?.pendingKey = number
        }
    }

    /// Inlined into the loop over an object's fields, which gives every field's key here.
    @inline(__always)
    package mutating func key(_ key: ArchiveKey) throws {
        guard let top = innermost else { return }
        if top.kind == .dictionary {
            pendingKeys.append(stringUID(key.text))
        } else {
            let prepared = number(of: key)
            innermost?.pendingKey = prepared
        }
    }

    /// The number of a prepared key, found by the address of its bytes after the first time.
    @inline(__always)
    private mutating func number(of key: ArchiveKey) -> Int32 {
        let address = UInt(bitPattern: key.utf8.baseAddress)
        let cache = Int(truncatingIfNeeded: key.hash >> 56)
        if preparedKeys[cache].address == address, preparedKeys[cache].number >= 0 { return preparedKeys[cache].number }
        let number = keyNumber(key.text, prepared: key, hash: key.hash)
        preparedKeys[cache] = (address, number)
        return number
    }

    // MARK: Objects

    package mutating func beginObject(_ start: ObjectStart) throws -> Bool {
        if start.object == nil, innermost?.structsAsDictionaries == true {
            try beginPlainObject(start)
            return true
        }
        let slot: UInt64
        if let object = start.object {
            let identity = ObjectIdentifier(object)
            if let known = objectSlots[identity] {
                add(uid: known)
                return false
            }
            slot = newSlot(Slot(kind: .null))
            objectSlots[identity] = slot
            retained.append(object)
        } else {
            slot = newSlot(Slot(kind: .null))
        }
        add(uid: slot)
        let classUID = try classUID(of: start.plan)
        let frame = pushFrame(.object, slot: Int(slot), structsAsDictionaries: start.plan.isNSObjectSubclass)
        // The new object's first entries, added to it directly (its pending key stays unset).
        let classKey = classKeyNumber >= 0 ? classKeyNumber : numberClassKey()
        addField(key: classKey, .uid(classUID), to: frame)
        if start.plan.version != 0 {
            // Under the key an `NSCoder` reads `$version` from, for `NSObject` subclasses.
            let versionKey = number(of: start.plan.isNSObjectSubclass ? Self.escapedVersionKey : ReservedKey.versionKey)
            addField(key: versionKey, Value(tag: .integer, bits: UInt64(bitPattern: Int64(start.plan.version))), to: frame)
        }
        return true
    }

    package mutating func endObject() throws { close() }

    package mutating func optionalValueFollows() { boxesNextScalar = true }

    @inline(__always)
    package mutating func field(_ coder: any FieldCoding, in memory: InstanceMemory, at offset: Int,
                                _ context: EncodingContext) throws {
        try coder.encodeKeyedField(in: memory, at: offset, to: &self, context)
    }

    private static var classKey: ArchiveKey { KeyedArchiveKeys.classKey.key }

    /// The number of the `$class` key, numbered on first use and kept in ``classKeyNumber``.
    private mutating func numberClassKey() -> Int32 {
        let number = number(of: Self.classKey)
        classKeyNumber = number
        return number
    }
    private static var escapedVersionKey: ArchiveKey { KeyedArchiveKeys.escapedVersion.key }

    /// The UID of the class description of an `AutoCodable` type, written on first use.
    ///
    /// - Throws: ``KeyedArchiveWriterFailure`` (`classNameConflict`) when another type of this
    ///   archive (or a Foundation class) is written under the same name: readers could not tell
    ///   them apart.
    private mutating func classUID(of plan: TypePlan) throws -> UInt64 {
        let identity = ObjectIdentifier(plan.type)
        let recent = Int(truncatingIfNeeded: UInt(bitPattern: identity) >> 4) & 15
        if recentTypeSlots[recent].type == identity { return recentTypeSlots[recent].slot }
        if let known = typeSlots[identity] {
            recentTypeSlots[recent] = (identity, known)
            return known
        }
        // The conformance the plan captured: a dynamic cast here would fail off the main actor for
        // a conformance isolated to it.
        let name = className(plan.conformance)
        if let other = namedTypes[name], other != identity {
            throw KeyedArchiveWriterFailure(
                kind: "classNameConflict",
                message: "\(plan.typeName) would be written as \"\(name)\", a name another class of this archive uses")
        }
        if FoundationClass.matching(className: name, classes: []) != nil {
            throw KeyedArchiveWriterFailure(
                kind: "classNameConflict",
                message: "\(plan.typeName) would be written as \"\(name)\", the name of a Foundation class")
        }
        var classes = [name]
        for superclass in plan.conformingSuperclasses { classes.append(className(superclass)) }
        classes.append("NSObject")
        namedTypes[name] = identity
        let slot = classDescription(name, classes)
        typeSlots[identity] = slot
        recentTypeSlots[recent] = (identity, slot)
        return slot
    }

    private mutating func foundationClass(_ kind: FoundationClass) -> UInt64 {
        let ordinal = Self.foundationOrdinal(kind)
        if foundationSlots[ordinal] != 0 { return foundationSlots[ordinal] }
        let description = kind.description
        let slot = classDescription(description.name, description.classes)
        foundationSlots[ordinal] = slot
        return slot
    }

    private static func foundationOrdinal(_ kind: FoundationClass) -> Int {
        switch kind {
        case .array: return 0
        case .set: return 1
        case .orderedSet: return 2
        case .dictionary: return 3
        case .string: return 4
        case .date: return 5
        case .data: return 6
        case .url: return 7
        case .uuid: return 8
        case .null: return 9
        }
    }

    private mutating func classDescription(_ name: String, _ classes: [String]) -> UInt64 {
        if let known = classSlots[name] { return known }
        strings.append(name)
        let nameIndex = strings.count - 1
        strings.append(contentsOf: classes)
        let slot = newSlot(Slot(kind: .classDescription, b: UInt64(nameIndex + 1), c: UInt64(classes.count), start: nameIndex))
        classSlots[name] = slot
        return slot
    }
}
