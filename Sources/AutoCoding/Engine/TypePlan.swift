import Foundation
import PropertyList

/// How one `AutoCodable` type is archived: its stored properties, their keys, offsets and coders,
/// and the rules for writing and reading them — in every format.
///
/// Built once per concrete type by ``AutoCodingEngine`` and shared by every archive afterwards.
package final class TypePlan: @unchecked Sendable {
    // @unchecked: `fields`, `layoutProblem` and `claimedKeys` are assigned only by the engine while
    // it holds its lock and before the plan is published to other threads; afterwards the plan is
    // read-only.

    /// The type.
    package let type: Any.Type
    /// The type with its `AutoCodable` conformance, captured statically when the plan was built.
    ///
    /// Kept so no archive has to find the conformance again by a dynamic cast, which fails off the
    /// main actor when the conformance is main-actor isolated (default `MainActor` isolation).
    package let conformance: any AutoCodable.Type
    /// The type's name as paths show it, e.g. `Order` or `Box<Int>`.
    package let typeName: String
    /// The type's stable spelling (see ``TypeRecord``).
    package let stableName: String
    /// Whether the type is a class (fields are then read through the object reference).
    package let isClass: Bool
    /// Whether the type is an `NSObject` subclass (keyed archives then write it as Foundation reads it).
    package let isNSObjectSubclass: Bool
    /// The `AutoCodable` superclasses of a class, nearest first, found when the plan was built.
    package internal(set) var conformingSuperclasses: [any AutoCodable.Type] = []
    /// The version written under `$version` (0: none).
    package let version: Int
    /// The archived properties, in declaration order (superclass first).
    var fields: [FieldPlan] = [] {
        didSet { slots = fields.enumerated().map { FieldSlot($1, index: $0) } }
    }
    /// What the hot loops need of each field, as plain values: no reference counting per field.
    /// Unchecked for exclusivity, as the other properties set while building (see the class): read
    /// at every object, and never written once the plan is published.
    @exclusivity(unchecked) private(set) var slots: [FieldSlot] = []
    /// Why the runtime's offsets are not used, or `nil` when they were verified against `Mirror`.
    /// Unverified plans encode through `Mirror` and refuse to decode.
    @exclusivity(unchecked) var layoutProblem: String? = "the plan is still being built"
    /// Every key a property claims, plus the reserved keys.
    @exclusivity(unchecked) var claimedKeys: Set<String> = []
    /// Whether the type implements ``AutoCodable/autoCodingDidFindUnknownKeys(_:)`` (see
    /// ``UnknownKeysProbe``); formats that look properties up by key list an object's other keys
    /// only then.
    @exclusivity(unchecked) package internal(set) var implementsUnknownKeysHook = true

    init<T: AutoCodable>(type: T.Type, isClass: Bool, version: Int) {
        self.type = type
        self.conformance = type
        self.typeName = String(describing: type)
        self.stableName = TypeRecord.stableName(of: type)
        self.isClass = isClass
        self.isNSObjectSubclass = type is NSObject.Type
        self.version = version
    }

    /// What archives record as this type: its registered name, else its stable spelling.
    func typeRecord(_ registry: AutoCodingRegistry.Snapshot) -> String {
        registry.name(of: type) ?? stableName
    }

    // MARK: Writing

    /// Writes every field of the instance in `memory` as a key and a value.
    @inline(__always)
    func encodeFields<W: ArchiveWriter & ~Copyable>(in memory: InstanceMemory, to writer: inout W,
                                                    _ context: EncodingContext) throws {
        try slots.withUnsafeBufferPointer { slots in
            for slot in slots {
                do {
                    try writer.key(slot.key)
                    try slot.withCoder { try writer.field($0, in: memory, at: slot.offset, context) }
                } catch let error as AutoCodingError {
                    throw error.within(.property(fields[slot.index].name))
                }
            }
        }
    }

    /// Writes every field of `subject`, reading the values through `Mirror`.
    ///
    /// The reference semantics the offset path is tested against, and the fallback when a layout
    /// could not be verified.
    func encodeFieldsViaMirror<W: ArchiveWriter & ~Copyable>(_ subject: Any, to writer: inout W,
                                                             _ context: EncodingContext) throws {
        var children: [String: Any] = [:]
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            for child in current.children {
                if let label = child.label { children[label] = child.value }
            }
            mirror = current.superclassMirror
        }
        for field in fields {
            do {
                guard let value = Self.follow(field.mirrorPath, in: children) else {
                    throw AutoCodingError(.unverifiedLayout, "Mirror does not report this property")
                }
                try writer.key(field.key)
                try field.coder.encodeBoxed(value, to: &writer, context)
            } catch let error as AutoCodingError {
                throw error.within(.property(field.name))
            }
        }
    }

    // MARK: Reading

    /// Reads the entries of dictionary `node` after its reserved ones into the instance in `memory`.
    ///
    /// The rules every format shares: a property whose key is missing keeps the value `init()`
    /// gave it; a nil marker where the property's type is no longer optional leaves the default
    /// too; entries no property claims are returned for ``AutoCodable/autoCodingDidFindUnknownKeys(_:)``;
    /// a reserved key after the first property key is an error (readers look for them first).
    /// - Returns: The unclaimed entries (empty when there are none).
    @_specialize(exported: false, where R == BinaryArchiveReader)
    @_specialize(exported: false, where R == TreeArchiveReader)
    @_specialize(exported: false, where R == XMLArchiveReader)
    @_specialize(exported: false, where R == CodableBridgeReader)
    @_specialize(exported: false, where R == NSCoderBridgeReader)
    @_specialize(exported: false, where R == KeyedArchiveReader)
    func decodeFields<R: ArchiveReader>(_ node: R.Node, _ header: ObjectHeader, from reader: inout R,
                                        into memory: InstanceMemory,
                                        _ context: DecodingContext) throws -> PropertyListDictionary {
        if R.readsFieldsByKey { return try decodeFieldsByKey(node, from: &reader, into: memory, context) }
        var unknown = PropertyListDictionary()
        try slots.withUnsafeBufferPointer { slots in
            var cursor = 0
            var index = header.firstField
            while index < header.count {
                defer { index += 1 }
                // Archives written by this plan list keys in field order: try the next field first.
                var match = -1
                if cursor < slots.count, try reader.key(node, at: index, is: slots[cursor].key) {
                    match = cursor
                } else {
                    for position in slots.indices where try reader.key(node, at: index, is: slots[position].key) {
                        match = position
                        break
                    }
                }
                guard match >= 0 else {
                    try readUnclaimed(node, at: index, from: &reader, into: &unknown)
                    continue
                }
                cursor = match + 1
                let slot = slots[match]
                let value = try reader.value(node, at: index)
                do {
                    try slot.withCoder { try reader.field($0, value, into: memory, at: slot.offset, context) }
                } catch let error as AutoCodingError {
                    try keepDefault(after: error, slot, value, &reader)
                }
            }
        }
        return unknown
    }

    /// ``decodeFields(_:_:from:into:_:)`` for formats that look properties up by key: each property's
    /// key is looked up once; the rules are the same.
    private func decodeFieldsByKey<R: ArchiveReader>(_ node: R.Node, from reader: inout R, into memory: InstanceMemory,
                                                     _ context: DecodingContext) throws -> PropertyListDictionary {
        try slots.withUnsafeBufferPointer { slots in
            for slot in slots { try decodeField(slot, byKeyOf: node, from: &reader, into: memory, context) }
        }
        guard implementsUnknownKeysHook else { return PropertyListDictionary() }
        return try reader.unclaimedEntries(node, claimed: claimedKeys)
    }

    /// Reads the field of `slot`, looked up by its key in the object `node` (formats that
    /// ``ArchiveReader/readsFieldsByKey``), with the rules of ``decodeFields(_:_:from:into:_:)``.
    @inline(__always)
    func decodeField<R: ArchiveReader>(_ slot: FieldSlot, byKeyOf node: R.Node, from reader: inout R,
                                       into memory: InstanceMemory, _ context: DecodingContext) throws {
        guard let value = try reader.value(node, forKey: slot.key) else { return }
        try decodeField(slot, value: value, from: &reader, into: memory, context)
    }

    /// Reads the field of `slot` from `value`, with the rules of ``decodeFields(_:_:from:into:_:)``.
    @inline(__always)
    func decodeField<R: ArchiveReader>(_ slot: FieldSlot, value: R.Node, from reader: inout R,
                                       into memory: InstanceMemory, _ context: DecodingContext) throws {
        do {
            try slot.withCoder { try reader.field($0, value, into: memory, at: slot.offset, context) }
        } catch let error as AutoCodingError {
            try keepDefault(after: error, slot, value, &reader)
        }
    }

    /// Entry `index`, which no property claims: kept for the unknown-keys hook (unless another
    /// version's property claims it), or an error for a misplaced reserved key.
    @inline(never)
    private func readUnclaimed<R: ArchiveReader>(_ node: R.Node, at index: Int, from reader: inout R,
                                                 into unknown: inout PropertyListDictionary) throws {
        let key = try reader.key(node, at: index)
        if key == ReservedKey.type || key == ReservedKey.version || key == ReservedKey.nilMarker {
            throw AutoCodingError(.corruptArchive,
                                  "the reserved key \(key) comes after property keys; archives write it first")
        }
        guard !claimedKeys.contains(key) else { return }
        do {
            unknown.updateValue(try reader.tree(try reader.value(node, at: index)), forKey: key)
        } catch let error as AutoCodingError {
            throw error.within(.key(key))
        }
    }

    /// Handles `error` from reading the field of `slot`: `nil` archived for a property that is no
    /// longer optional keeps its default; anything else is rethrown with the property in its path.
    @inline(never)
    private func keepDefault<R: ArchiveReader>(after error: AutoCodingError, _ slot: FieldSlot, _ value: R.Node,
                                               _ reader: inout R) throws {
        if error.kind == .typeMismatch, slot.withCoder({ $0.optionalLayers }) == 0, (try? reader.nilLevel(value)) ?? nil != nil {
            return
        }
        throw located(error, in: slot)
    }

    /// `error`, from reading the field of `slot`, with the property in its path.
    func located(_ error: AutoCodingError, in slot: FieldSlot) -> AutoCodingError {
        error.within(.property(fields[slot.index].name))
    }

    /// Gives every archived property of `object` (an instance of this class) the value it has in
    /// `prototype` (a fresh `init()` instance of the same class).
    ///
    /// What a graph read that failed does to the instances it made: they may refer to each other in
    /// cycles nobody owns, and resetting their properties to defaults frees them.
    func resetFields(of object: AnyObject, from prototype: AnyObject) {
        guard isClass, layoutProblem == nil,
              ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(Swift.type(of: prototype)) else { return }
        InstanceMemory.withObject(prototype) { source in
            InstanceMemory.withObject(object) { destination in
                for slot in slots {
                    slot.withCoder { $0.copyField(from: source, to: destination, at: slot.offset) }
                }
            }
        }
    }

    /// The value at `path` (a label, then labels inside it) among `children`.
    static func follow(_ path: [String], in children: [String: Any]) -> Any? {
        guard let first = path.first, var value = children[first] else { return nil }
        for label in path.dropFirst() {
            guard let inner = Mirror(reflecting: value).children.first(where: { $0.label == label }) else { return nil }
            value = inner.value
        }
        return value
    }
}

/// The parts of a ``FieldPlan`` the hot loops use, as plain values (the plan keeps the field and its
/// coder alive for the life of the process).
struct FieldSlot: @unchecked Sendable {
    // @unchecked: immutable; the field is kept alive by the plan's `fields`.
    /// The field, unretained: plans outlive every archive that uses them.
    private let field: Unmanaged<FieldPlan>
    let offset: Int
    let key: ArchiveKey
    /// The field's position in ``TypePlan/fields``.
    let index: Int

    init(_ field: FieldPlan, index: Int) {
        self.field = Unmanaged.passUnretained(field)
        offset = field.offset
        key = field.key
        self.index = index
    }

    /// Runs `body` with the field's coder, borrowed: no reference counting per field.
    @inline(__always)
    func withCoder<Result>(_ body: (any FieldCoding) throws -> Result) rethrows -> Result {
        try field._withUnsafeGuaranteedRef { try body($0.coder) }
    }
}
