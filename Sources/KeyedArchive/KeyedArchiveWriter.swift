import AutoCoding
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
struct KeyedArchiveWriter: ArchiveWriter {
    static var sharesObjects: Bool { true }
    static var isSelfDescribing: Bool { true }

    /// What an open container or object is.
    private enum FrameKind {
        case object, array, set, dictionary
    }

    /// An open container or object and what has been written into it.
    private struct Frame {
        let kind: FrameKind
        let slot: Int
        var entries = PropertyListDictionary()
        var elements: [PropertyListValue] = []
        var keys: [PropertyListValue] = []
        var pendingKey = ""
    }

    /// The `$objects` array so far.
    private(set) var objects: [PropertyListValue] = [.string(KeyedArchiveFormat.null)]
    /// The UID of the root.
    private(set) var root: UInt64 = 0
    private var stack: [Frame] = []
    private var objectSlots: [ObjectIdentifier: UInt64] = [:]
    /// The instances given slots, kept alive so no identifier is reused while archiving.
    private var retained: [AnyObject] = []
    private var stringSlots: [String: UInt64] = [:]
    /// Class descriptions by class name.
    private var classSlots: [String: UInt64] = [:]
    /// Class-description UIDs of `AutoCodable` types, and the type each custom name was used for.
    private var typeSlots: [ObjectIdentifier: UInt64] = [:]
    private var namedTypes: [String: ObjectIdentifier] = [:]
    private let names: KeyedClassNames

    init(names: KeyedClassNames) {
        self.names = names
    }

    // MARK: Placing values

    /// Makes the value with UID `uid` the next value of the innermost container (or the root).
    private mutating func add(uid: UInt64) {
        add(.uid(uid), inline: false)
    }

    /// Adds `value` to the innermost container: as is inside an object when `inline` (numbers and
    /// Booleans), else as a new `$objects` entry referred to by UID.
    private mutating func add(_ value: PropertyListValue, inline: Bool) {
        guard let top = stack.indices.last else {
            root = Self.uid(of: value) ?? newSlot(value)
            return
        }
        switch stack[top].kind {
        case .object:
            let stored: PropertyListValue = inline || Self.uid(of: value) != nil ? value : .uid(newSlot(value))
            stack[top].entries.updateValue(stored, forKey: stack[top].pendingKey)
        case .dictionary:
            stack[top].elements.append(Self.uid(of: value).map(PropertyListValue.uid) ?? .uid(newSlot(value)))
        case .array, .set:
            stack[top].elements.append(Self.uid(of: value).map(PropertyListValue.uid) ?? .uid(newSlot(value)))
        }
    }

    private static func uid(of value: PropertyListValue) -> UInt64? {
        if case .uid(let uid) = value { return uid }
        return nil
    }

    private mutating func newSlot(_ value: PropertyListValue) -> UInt64 {
        objects.append(value)
        return UInt64(objects.count - 1)
    }

    /// The UID of a string, written once per distinct string.
    private mutating func stringUID(_ string: String) -> UInt64 {
        if let known = stringSlots[string] { return known }
        let slot = newSlot(.string(string))
        stringSlots[string] = slot
        return slot
    }

    // MARK: Scalars

    mutating func string(_ value: String) throws { add(uid: stringUID(value)) }
    mutating func integer(_ value: Int64) throws { add(.integer(PropertyListInteger(value)), inline: true) }
    mutating func unsigned(_ value: UInt64) throws { add(.integer(PropertyListInteger(value)), inline: true) }
    mutating func real(_ value: Double) throws { add(.real(value), inline: true) }
    mutating func real32(_ value: Float) throws { add(.real(Double(value)), inline: true) }
    mutating func bool(_ value: Bool) throws { add(.bool(value), inline: true) }
    mutating func data(_ value: Data) throws { add(uid: newSlot(.data(value))) }

    mutating func date(_ value: Date) throws {
        let entries: PropertyListDictionary = [KeyedArchiveFormat.classKey: .uid(foundationClass(.date)),
                                               KeyedArchiveFormat.timeField: .real(value.timeIntervalSinceReferenceDate)]
        add(uid: newSlot(.dictionary(entries)))
    }

    mutating func url(_ value: URL) throws {
        add(uid: urlUID(value))
    }

    private mutating func urlUID(_ value: URL) -> UInt64 {
        let base = value.baseURL.map { urlUID($0) } ?? 0
        let relative = stringUID(value.baseURL == nil ? value.absoluteString : value.relativeString)
        let entries: PropertyListDictionary = [KeyedArchiveFormat.classKey: .uid(foundationClass(.url)),
                                               KeyedArchiveFormat.baseField: .uid(base),
                                               KeyedArchiveFormat.relativeField: .uid(relative)]
        return newSlot(.dictionary(entries))
    }

    mutating func uuid(_ value: UUID) throws {
        let bytes = withUnsafeBytes(of: value.uuid) { Data($0) }
        let entries: PropertyListDictionary = [KeyedArchiveFormat.classKey: .uid(foundationClass(.uuid)),
                                               KeyedArchiveFormat.uuidField: .data(bytes)]
        add(uid: newSlot(.dictionary(entries)))
    }

    /// `nil` is UID 0 (`$null`), as `encode(nil, forKey:)` writes it; a `nil` further inside nested
    /// optionals is the plain formats' `{"$nil": level}`.
    mutating func nilMarker(level: Int) throws {
        guard level > 0 else { return add(uid: 0) }
        add(uid: newSlot(.dictionary([ReservedKey.nilMarker: .integer(PropertyListInteger(Int64(level)))])))
    }

    /// A property-list tree (a `Codable` type's output, unknown entries) as Foundation values:
    /// arrays as `NSArray`, dictionaries as `NSDictionary`, scalars as above.
    mutating func tree(_ value: PropertyListValue) throws {
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

    private mutating func open(_ kind: FrameKind) {
        let slot = newSlot(.string(KeyedArchiveFormat.null))
        add(uid: UInt64(slot))
        stack.append(Frame(kind: kind, slot: Int(slot)))
    }

    mutating func beginArray(count: Int) throws { open(.array) }
    mutating func beginSet(count: Int) throws { open(.set) }
    mutating func beginDictionary(count: Int) throws { open(.dictionary) }

    mutating func endArray() throws { close() }
    mutating func endSet() throws { close() }
    mutating func endDictionary() throws { close() }

    private mutating func close() {
        guard let frame = stack.popLast() else { return }
        switch frame.kind {
        case .object:
            objects[frame.slot] = .dictionary(frame.entries)
        case .array, .set:
            let kind: FoundationClass = frame.kind == .set ? .set : .array
            objects[frame.slot] = .dictionary([KeyedArchiveFormat.classKey: .uid(foundationClass(kind)),
                                               KeyedArchiveFormat.objectsField: .array(frame.elements)])
        case .dictionary:
            objects[frame.slot] = .dictionary([KeyedArchiveFormat.classKey: .uid(foundationClass(.dictionary)),
                                               KeyedArchiveFormat.keysField: .array(frame.keys),
                                               KeyedArchiveFormat.objectsField: .array(frame.elements)])
        }
    }

    mutating func key(_ key: String) throws {
        guard let top = stack.indices.last else { return }
        if stack[top].kind == .dictionary {
            stack[top].keys.append(.uid(stringUID(key)))
        } else {
            stack[top].pendingKey = key
        }
    }

    mutating func key(_ key: ArchiveKey) throws { try self.key(key.text) }

    // MARK: Objects

    mutating func beginObject(_ start: ObjectStart) throws -> Bool {
        let slot: UInt64
        if let object = start.object {
            let identity = ObjectIdentifier(object)
            if let known = objectSlots[identity] {
                add(uid: known)
                return false
            }
            slot = newSlot(.string(KeyedArchiveFormat.null))
            objectSlots[identity] = slot
            retained.append(object)
        } else {
            slot = newSlot(.string(KeyedArchiveFormat.null))
        }
        add(uid: slot)
        var frame = Frame(kind: .object, slot: Int(slot))
        frame.entries.updateValue(.uid(try classUID(of: start.plan)), forKey: KeyedArchiveFormat.classKey)
        if start.plan.version != 0 {
            frame.entries.updateValue(.integer(PropertyListInteger(Int64(start.plan.version))), forKey: ReservedKey.version)
        }
        stack.append(frame)
        return true
    }

    mutating func endObject() throws { close() }

    /// The UID of the class description of an `AutoCodable` type, written on first use.
    ///
    /// - Throws: ``KeyedArchiveError/Kind/classNameConflict`` when another type of this archive
    ///   (or a Foundation class) is written under the same name: readers could not tell them apart.
    private mutating func classUID(of plan: TypePlan) throws -> UInt64 {
        let identity = ObjectIdentifier(plan.type)
        if let known = typeSlots[identity] { return known }
        // Looked up from the run-time metatype, never opened from a static type.
        guard let type = plan.type as? any AutoCodable.Type else {
            throw KeyedArchiveError(.unsupportedType, "\(plan.typeName) is not AutoCodable")
        }
        let name = names.name(for: type)
        if let other = namedTypes[name], other != identity {
            throw KeyedArchiveError(.classNameConflict,
                                    "\(plan.typeName) would be written as \"\(name)\", a name another class of this archive uses")
        }
        if FoundationClass.matching(className: name, classes: []) != nil {
            throw KeyedArchiveError(.classNameConflict,
                                    "\(plan.typeName) would be written as \"\(name)\", the name of a Foundation class")
        }
        var classes = [name]
        var level: AnyClass? = (plan.type as? AnyClass).flatMap { _getSuperclass($0) }
        while let superclass = level, let conforming = (superclass as Any.Type) as? any AutoCodable.Type {
            classes.append(names.name(for: conforming))
            level = _getSuperclass(superclass)
        }
        classes.append("NSObject")
        namedTypes[name] = identity
        let slot = classDescription(name, classes)
        typeSlots[identity] = slot
        return slot
    }

    private mutating func foundationClass(_ kind: FoundationClass) -> UInt64 {
        let description = kind.description
        return classDescription(description.name, description.classes)
    }

    private mutating func classDescription(_ name: String, _ classes: [String]) -> UInt64 {
        if let known = classSlots[name] { return known }
        let slot = newSlot(.dictionary([KeyedArchiveFormat.classNameKey: .string(name),
                                        KeyedArchiveFormat.classesKey: .array(classes.map(PropertyListValue.string))]))
        classSlots[name] = slot
        return slot
    }
}
