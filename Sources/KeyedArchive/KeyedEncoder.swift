import AutoCoding
import Foundation
import PropertyList

/// Flattens a Swift value into the `$objects` array of a keyed archive.
///
/// Each class instance gets one slot, found again by `ObjectIdentifier`, so sharing and cycles
/// are written as repeated UIDs. A slot is reserved when the object is first reached and its
/// fields are written later by ``finish()``, so a reference back to it (a cycle) just gets its UID
/// and object chains of any length are written without recursion.
/// Strings and class descriptions are written once per distinct value.
struct KeyedEncoder {
    private(set) var objects: [PropertyListValue] = [.string(KeyedArchiveFormat.null)]
    private var objectSlots: [ObjectIdentifier: UInt64] = [:]
    /// The instances given slots, kept alive so no identifier is reused while archiving.
    private var retained: [AnyObject] = []
    /// Objects with a slot whose fields are not written yet, most recent last.
    private var pendingObjects: [(instance: any AutoCodable, info: KeyedTypeInfo, slot: Int)] = []
    private var stringSlots: [String: UInt64] = [:]
    private var classSlots: [String: UInt64] = [:]
    /// Class-description UIDs of `AutoCodable` types.
    private var typeSlots: [ObjectIdentifier: UInt64] = [:]
    private let names: KeyedClassNames
    private let cache = KeyedTypeCache.shared

    init(names: KeyedClassNames) {
        self.names = names
    }

    /// The UID of `value` (of declared shape `shape`), written on first sight; 0 for `nil`.
    mutating func reference(_ value: Any, _ shape: KeyedShape) throws -> UInt64 {
        switch shape {
        case .string:
            return string(try cast(value, String.self))
        case .optional(let wrapped, let marker):
            guard let inner = marker.unwrap(value) else { return 0 }
            return try reference(inner, wrapped)
        case .object(let info):
            return try object(value, declared: info)
        case .rawValue(let raw, let marker):
            guard let rawValue = marker.raw(of: value) else { throw mismatch(value, shape) }
            return try reference(rawValue, raw)
        case .existential:
            return try referenceDynamic(value, declared: shape)
        default:
            let slot = UInt64(objects.count)
            objects.append(.string(KeyedArchiveFormat.null))
            objects[Int(slot)] = try content(value, shape)
            return slot
        }
    }

    /// The value of a field of an object: inline for numbers and Booleans, else a UID; UID 0
    /// (`$null`) for a `nil` optional, as `encode(nil, forKey:)` writes it (Foundation on Linux
    /// refuses to decode a missing key).
    mutating func field(_ value: Any, _ shape: KeyedShape) throws -> PropertyListValue? {
        switch shape {
        case .int:
            return .integer(PropertyListInteger(Int64(try cast(value, Int.self))))
        case .double:
            return .real(try cast(value, Double.self))
        case .bool:
            return .bool(try cast(value, Bool.self))
        case .float, .integer:
            return try content(value, shape)
        case .rawValue(let raw, let marker) where raw.isInlineScalar:
            guard let rawValue = marker.raw(of: value) else { throw mismatch(value, shape) }
            return try field(rawValue, raw)
        case .optional(let wrapped, let marker):
            guard let inner = marker.unwrap(value) else { return .uid(0) }
            return try field(inner, wrapped)
        default:
            return .uid(try reference(value, shape))
        }
    }

    /// The UID of a class instance, giving it a slot (and writing its fields) on first sight.
    private mutating func object(_ value: Any, declared: KeyedTypeInfo) throws -> UInt64 {
        guard let instance = value as? any AutoCodable, Swift.type(of: instance) is AnyClass else {
            throw mismatch(value, .object(declared))
        }
        let reference = instance as AnyObject
        let identity = ObjectIdentifier(reference)
        if let known = objectSlots[identity] { return known }
        let dynamicType = Swift.type(of: instance)
        let info = ObjectIdentifier(dynamicType) == ObjectIdentifier(declared.type) ? declared : try cache.info(for: dynamicType)
        let slot = UInt64(objects.count)
        objects.append(.string(KeyedArchiveFormat.null))
        objectSlots[identity] = slot
        retained.append(reference)
        pendingObjects.append((instance, info, Int(slot)))
        return slot
    }

    /// Writes the fields of every object given a slot but not yet written, including objects
    /// those fields reach. A work list rather than recursion: long chains of objects cost no stack.
    mutating func finish() throws {
        while let next = pendingObjects.popLast() {
            do {
                objects[next.slot] = try fields(of: next.instance, next.info)
            } catch let error as KeyedArchiveError {
                throw error.located(object: next.slot)
            }
        }
    }

    /// The dictionary of an `AutoCodable` instance: `$class` and its archived properties.
    mutating func fields(of instance: any AutoCodable, _ info: KeyedTypeInfo) throws -> PropertyListValue {
        var entries = PropertyListDictionary(minimumCapacity: info.shapes.count + 1)
        entries.updateValue(.uid(try customClass(info)), forKey: KeyedArchiveFormat.classKey)
        let shapes = info.shapes
        let fields = info.reflection.fields
        try info.reflection.forEachField(of: instance) { position, value in
            do {
                if let encoded = try field(value, shapes[position]) {
                    entries.updateValue(encoded, forKey: fields[position].key)
                }
            } catch let error as KeyedArchiveError {
                var located = error
                if located.key == nil { located.key = fields[position].key }
                throw located
            }
        }
        return .dictionary(entries)
    }

    /// The shape of a value found behind `Any` or `any P`.
    func dynamicShape(of value: Any) throws -> KeyedShape {
        if let auto = value as? any AutoCodable {
            let info = try cache.info(for: Swift.type(of: auto))
            return info.isClass ? .object(info) : .value(info)
        }
        let shape = try cache.shape(for: Swift.type(of: value))
        if case .existential = shape {
            throw KeyedArchiveError(.unsupportedType, "a \(Swift.type(of: value)) cannot be written to a keyed archive")
        }
        return shape
    }

    /// The UID of a string, written once per distinct string.
    mutating func string(_ string: String) -> UInt64 {
        if let known = stringSlots[string] { return known }
        let slot = UInt64(objects.count)
        objects.append(.string(string))
        stringSlots[string] = slot
        return slot
    }

    mutating func foundationClass(_ kind: FoundationClass) -> UInt64 {
        let description = kind.description
        return classDescription(description.name, description.classes)
    }

    /// The UID of the class description of an `AutoCodable` type, written on first use.
    ///
    /// - Throws: ``KeyedArchiveError/Kind/classNameConflict`` when another type of this archive
    ///   (or a Foundation class) is written under the same name: readers could not tell them apart.
    private mutating func customClass(_ info: KeyedTypeInfo) throws -> UInt64 {
        let identity = ObjectIdentifier(info.type)
        if let known = typeSlots[identity] { return known }
        let name = names.name(for: info.type)
        if classSlots[name] != nil || FoundationClass.matching(className: name, classes: []) != nil {
            throw KeyedArchiveError(.classNameConflict,
                                    "\(info.type) would be written as \"\(name)\", a name another class of this archive uses")
        }
        let classes = [name] + info.superclasses.map { names.name(for: $0) } + ["NSObject"]
        let slot = classDescription(name, classes)
        typeSlots[identity] = slot
        return slot
    }

    private mutating func classDescription(_ name: String, _ classes: [String]) -> UInt64 {
        if let known = classSlots[name] { return known }
        let slot = UInt64(objects.count)
        objects.append(.dictionary([KeyedArchiveFormat.classNameKey: .string(name),
                                    KeyedArchiveFormat.classesKey: .array(classes.map(PropertyListValue.string))]))
        classSlots[name] = slot
        return slot
    }

    /// Dispatches a value behind `Any` (the root, or an existential) to its shape's UID.
    mutating func referenceDynamic(_ value: Any, declared: KeyedShape) throws -> UInt64 {
        guard case .existential = declared else { return try reference(value, declared) }
        if let optional = value as? any KeyedOptionalBox {
            guard let inner = optional.unwrapped else { return 0 }
            return try referenceDynamic(inner, declared: declared)
        }
        let dynamic = try dynamicShape(of: value)
        return try reference(value, dynamic)
    }

    func cast<T>(_ value: Any, _ type: T.Type) throws -> T {
        guard let typed = value as? T else {
            throw KeyedArchiveError(.typeMismatch, "expected a \(T.self), found a \(Swift.type(of: value))")
        }
        return typed
    }

    func mismatch(_ value: Any, _ shape: KeyedShape) -> KeyedArchiveError {
        KeyedArchiveError(.typeMismatch, "a \(Swift.type(of: value)) does not have the declared shape \(shape)")
    }
}
