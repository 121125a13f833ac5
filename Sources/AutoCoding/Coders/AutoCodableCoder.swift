import PropertyList

/// An `AutoCodable` struct or class, through its ``TypePlan``: the one place that decides what
/// type record a value gets, detects cycles, dispatches subclasses, and runs migration and hooks.
final class AutoCodableCoder<T: AutoCodable>: ValueCoding, ObjectCoding, @unchecked Sendable {
    // @unchecked: `plan` is immutable once published (see TypePlan).
    let plan: TypePlan
    /// Resolves coders of dynamic types (the engine; unowned: it lives forever).
    unowned let engine: AutoCodingEngine
    var nestedCoders: [any FieldCoding] { plan.fields.map(\.coder) }

    init(plan: TypePlan, engine: AutoCodingEngine) {
        self.plan = plan
        self.engine = engine
    }

    // MARK: Writing

    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == CodableBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == TreeArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: T, to writer: inout W, _ context: EncodingContext) throws {
        // The root always records its type, so reading it as another type is an error.
        let rootRecord = context.isAtRoot ? plan.typeRecord(context.registry) : nil
        guard plan.isClass else {
            return try encodeInstance(value, record: rootRecord, to: &writer, context)
        }
        let object = InstanceMemory.object(of: value)
        let dynamicType: AnyClass = type(of: object)
        if ObjectIdentifier(dynamicType) != ObjectIdentifier(T.self) {
            let coder = try engine.objectCoder(for: dynamicType)
            let record = W.isSelfDescribing ? nil : try record(ofSubclass: coder.plan, context)
            return try coder.encodeObject(object, record: record, to: &writer, context)
        }
        try encodeInstance(value, record: rootRecord, to: &writer, context)
    }

    /// The type record of a subclass found where a `T` was declared: its registered name; at the
    /// root its stable spelling will do (the reader names the type it wants).
    private func record(ofSubclass plan: TypePlan, _ context: EncodingContext) throws -> String {
        if let name = context.registry.name(of: plan.type) { return name }
        if context.isAtRoot { return plan.stableName }
        throw AutoCodingError(.unregisteredType,
                              "the value is a \(plan.typeName), which is not registered (declared type \(T.self)); "
                                + "register it with AutoCodingRegistry.register(\(plan.typeName).self, as: ...)",
                              expected: "\(T.self)", found: plan.typeName)
    }

    func encodeObject<W: ArchiveWriter & ~Copyable>(_ value: Any, record: String?, to writer: inout W,
                                                    _ context: EncodingContext) throws {
        guard let typed = value as? T else {
            throw AutoCodingError(.typeMismatch, "expected a \(T.self), found a \(type(of: value))")
        }
        try encodeInstance(typed, record: record, to: &writer, context)
    }

    /// Writes the field at `offset`: a struct where it lies, without copying it out.
    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == CodableBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encodeField<W: ArchiveWriter & ~Copyable>(in memory: InstanceMemory, at offset: Int, to writer: inout W,
                                                   _ context: EncodingContext) throws {
        try encodeInPlace(in: memory, at: offset, to: &writer, context)
    }

    func encodeBinaryField(in memory: InstanceMemory, at offset: Int, to writer: inout BinaryArchiveWriter,
                           _ context: EncodingContext) throws {
        try encodeInPlace(in: memory, at: offset, to: &writer, context)
    }

    func encodeKeyedField(in memory: InstanceMemory, at offset: Int, to writer: inout KeyedArchiveWriter,
                          _ context: EncodingContext) throws {
        try encodeInPlace(in: memory, at: offset, to: &writer, context)
    }

    func encodeBridgeField(in memory: InstanceMemory, at offset: Int, to writer: inout CodableBridgeWriter,
                           _ context: EncodingContext) throws {
        try encodeInPlace(in: memory, at: offset, to: &writer, context)
    }

    @inline(__always)
    private func encodeInPlace<W: ArchiveWriter & ~Copyable>(in memory: InstanceMemory, at offset: Int, to writer: inout W,
                                                            _ context: EncodingContext) throws {
        guard plan.isClass else {
            let record = context.isAtRoot ? plan.typeRecord(context.registry) : nil
            return try encodeStruct(in: memory.advanced(by: offset), record: record, to: &writer, context)
        }
        try encode(memory.read(T.self, at: offset), to: &writer, context)
    }

    /// Writes the struct in `memory` with the given type record.
    @inline(__always)
    private func encodeStruct<W: ArchiveWriter & ~Copyable>(in memory: InstanceMemory, record: String?, to writer: inout W,
                                                           _ context: EncodingContext) throws {
        try context.nested {
            guard try writer.beginObject(ObjectStart(plan: plan, typeRecord: record, object: nil)) else { return }
            if context.viaMirror || plan.layoutProblem != nil {
                try plan.encodeFieldsViaMirror(memory.read(T.self, at: 0), to: &writer, context)
            } else {
                try writer.fields(of: plan, in: memory, context)
            }
            try writer.endObject()
        }
    }

    /// Writes an instance of exactly `T` with the given type record.
    @inline(__always)
    private func encodeInstance<W: ArchiveWriter & ~Copyable>(_ value: T, record: String?, to writer: inout W,
                                                             _ context: EncodingContext) throws {
        guard plan.isClass else {
            return try InstanceMemory.withValue(value) { try encodeStruct(in: $0, record: record, to: &writer, context) }
        }
        let object = InstanceMemory.object(of: value)
        let identity = ObjectIdentifier(object)
        if !W.sharesObjects {
            guard context.activeObjects.insert(identity).inserted else {
                throw AutoCodingError(.cycle,
                                      "this \(T.self) is already being archived on this path; plain archives cannot "
                                        + "hold cycles (keyed archives can)")
            }
        }
        defer { if !W.sharesObjects { context.activeObjects.remove(identity) } }
        try context.nested {
            guard try writer.beginObject(ObjectStart(plan: plan, typeRecord: record, object: object)) else { return }
            if context.viaMirror || plan.layoutProblem != nil {
                try plan.encodeFieldsViaMirror(object, to: &writer, context)
            } else {
                try InstanceMemory.withObject(object) { try writer.fields(of: plan, in: $0, context) }
            }
            try writer.endObject()
        }
    }

    // MARK: Reading

    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> T {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)``, inlined into the entry points that know the reader's type.
    @inline(__always)
    private func decodeValue<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> T {
        if R.sharesObjects, plan.isClass, let existing = try reader.instance(node, of: T.self) { return try shared(existing) }
        let object: R.Node
        let header: ObjectHeader
        do {
            object = try reader.openedObject(node)
            header = try reader.objectHeader(object, of: plan)
        } catch let error as AutoCodingError {
            throw reader.locate(error, in: node)
        }
        if let record = header.typeRecord {
            return try decodeRecorded(record, object, header, from: &reader, context)
        }
        return try decodeInstance(object, header, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` for the `Codable` bridge, compiled for its reader: the generic entry
    /// would work out which specialization to run at every object.
    func decodeBridgeValue(_ node: CodableBridgeReader.Node, from reader: inout CodableBridgeReader,
                           _ context: DecodingContext) throws -> T {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` for the binary format, compiled for its reader (see
    /// ``ValueCoding/decodeBinaryValue(_:from:_:)``).
    func decodeBinaryValue(_ node: BinaryArchiveReader.Node, from reader: inout BinaryArchiveReader,
                           _ context: DecodingContext) throws -> T {
        try decodeValue(node, from: &reader, context)
    }

    /// ``decode(_:from:_:)`` for the keyed format, compiled for its reader (see
    /// ``ValueCoding/decodeKeyedValue(_:from:_:)``).
    func decodeKeyedValue(_ node: KeyedArchiveReader.Node, from reader: inout KeyedArchiveReader,
                          _ context: DecodingContext) throws -> T {
        try decodeValue(node, from: &reader, context)
    }

    /// An object already read from a graph archive, as a `T`.
    private func shared(_ existing: AnyObject) throws -> T {
        guard let typed = existing as? T else {
            throw AutoCodingError(.typeMismatch, "the archived object is a \(type(of: existing)), not a \(T.self)",
                                  expected: "\(T.self)", found: "\(type(of: existing))")
        }
        return typed
    }

    /// A value whose archive records a type: `T` itself, or the subclass the record names.
    /// (Apart from ``decode(_:from:_:)`` so its casts cost nothing on the common path.)
    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    @inline(never)
    private func decodeRecorded<R: ArchiveReader>(_ record: String, _ node: R.Node, _ header: ObjectHeader,
                                                  from reader: inout R, _ context: DecodingContext) throws -> T {
        let resolved: Any.Type
        do {
            resolved = try context.types.resolve(record, declared: T.self, stableName: plan.stableName,
                                                 atRoot: context.isAtRoot)
        } catch let error as AutoCodingError {
            throw reader.locate(error, in: node)
        }
        guard ObjectIdentifier(resolved) != ObjectIdentifier(T.self) else {
            return try decodeInstance(node, header, from: &reader, context)
        }
        return try decodeSubclass(resolved, record, node, header, from: &reader, context)
    }

    /// A value whose record names `resolved`, a type other than `T` (a subclass), as a `T`.
    /// (Apart from `decodeRecorded`, so the records that name `T` itself do not
    /// pay for the `Optional<T>` the cast needs.)
    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    @inline(never)
    private func decodeSubclass<R: ArchiveReader>(_ resolved: Any.Type, _ record: String, _ node: R.Node,
                                                  _ header: ObjectHeader, from reader: inout R,
                                                  _ context: DecodingContext) throws -> T {
        let instance = try engine.objectCoder(for: resolved).decodeObject(node, header, from: &reader, context)
        guard let typed = instance as? T else {
            throw AutoCodingError(.typeMismatch, "\"\(record)\" names \(resolved), which is not a \(T.self)",
                                  expected: "\(T.self)", found: "\(resolved)")
        }
        return typed
    }

    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decodeObject<R: ArchiveReader>(_ node: R.Node, _ header: ObjectHeader, from reader: inout R,
                                        _ context: DecodingContext) throws -> Any {
        try decodeInstance(node, header, from: &reader, context)
    }

    /// A new default instance with the archived properties written into it, hooks run.
    @inline(__always)
    private func decodeInstance<R: ArchiveReader>(_ node: R.Node, _ header: ObjectHeader, from reader: inout R,
                                                  _ context: DecodingContext) throws -> T {
        try context.nested(node, in: &reader) { reader in
            if header.version != plan.version { return try decodeMigrated(node, from: header.version, &reader, context) }
            if let problem = plan.layoutProblem {
                throw AutoCodingError(.unverifiedLayout, "\(T.self) cannot be restored: \(problem)")
            }
            var value = T()
            try readFields(node, header, into: &value, from: &reader, context)
            return value
        }
    }

    /// Reads the archived object `node` into `value`, an instance its caller made (the `Codable`
    /// bridge's `autoDecode`): the properties the archive holds are replaced, the others keep their
    /// values, hooks run. The archive's type record is not consulted: the caller's type is the one.
    func decode<R: ArchiveReader>(_ node: R.Node, into value: inout T, from reader: inout R,
                                  _ context: DecodingContext) throws {
        let object: R.Node
        let header: ObjectHeader
        do {
            object = try reader.openedObject(node)
            header = try reader.objectHeader(object, of: plan)
        } catch let error as AutoCodingError {
            throw reader.locate(error, in: node)
        }
        try context.nested(object, in: &reader) { reader in
            if let problem = plan.layoutProblem {
                throw AutoCodingError(.unverifiedLayout, "\(T.self) cannot be restored: \(problem)")
            }
            if header.version != plan.version {
                let migrated = try migratedEntries(object, from: header.version, &reader)
                return try readMigratedFields(object, migrated, into: &value, from: &reader, context)
            }
            try readFields(object, header, into: &value, from: &reader, context)
        }
    }

    func decodeObject<R: ArchiveReader>(_ node: R.Node, into object: AnyObject, from reader: inout R,
                                        _ context: DecodingContext) throws {
        guard var value = object as? T else {
            throw AutoCodingError(.typeMismatch, "expected a \(T.self), found a \(type(of: object))",
                                  expected: "\(T.self)", found: "\(type(of: object))")
        }
        try decode(node, into: &value, from: &reader, context)
    }

    /// Writes the archived properties of `node` into `value`, then runs its hooks (in a graph, a
    /// class's once the whole graph is read).
    @inline(__always)
    private func readFields<R: ArchiveReader>(_ node: R.Node, _ header: ObjectHeader, into value: inout T,
                                              from reader: inout R, _ context: DecodingContext) throws {
        try readFields(node, into: &value, from: &reader) { reader, memory in
            try reader.fields(of: plan, node, header, into: memory, context)
        }
    }

    /// A new default instance read from the archived object `node` of another `version`, through
    /// the migration hook (out of line: the common path stays as small as it was).
    @inline(never)
    private func decodeMigrated<R: ArchiveReader>(_ node: R.Node, from version: Int, _ reader: inout R,
                                                  _ context: DecodingContext) throws -> T {
        let migrated = try migratedEntries(node, from: version, &reader)
        if let problem = plan.layoutProblem {
            throw AutoCodingError(.unverifiedLayout, "\(T.self) cannot be restored: \(problem)")
        }
        var value = T()
        try readMigratedFields(node, migrated, into: &value, from: &reader, context)
        return value
    }

    /// ``readFields(_:_:into:from:_:)`` from `migrated`, what the migration hook made of the
    /// entries of `node` (``ArchiveReader/migratedFields(of:_:_:into:_:)``).
    @inline(never)
    private func readMigratedFields<R: ArchiveReader>(_ node: R.Node, _ migrated: PropertyListDictionary,
                                                      into value: inout T, from reader: inout R,
                                                      _ context: DecodingContext) throws {
        try readFields(node, into: &value, from: &reader) { reader, memory in
            try reader.migratedFields(of: plan, node, migrated, into: memory, context)
        }
    }

    /// Registers a class instance for `node` (in formats that share objects), reads its fields
    /// with `read`, hands the unclaimed entries to the type's hook, then runs the decode hook (in
    /// a graph, a class's once the whole graph is read).
    @inline(__always)
    private func readFields<R: ArchiveReader>(_ node: R.Node, into value: inout T, from reader: inout R,
                                              _ read: (inout R, InstanceMemory) throws -> PropertyListDictionary) throws {
        // Registered before its fields are read, so references back to it (cycles) find it.
        if R.sharesObjects, plan.isClass { reader.share(InstanceMemory.object(of: value), for: node) }
        let unknown = try withFields(of: &value) { try read(&reader, $0) }
        if !unknown.isEmpty { value.autoCodingDidFindUnknownKeys(unknown) }
        if R.sharesObjects, plan.isClass {
            // In a graph the hook runs once every object is filled, referred-to objects first.
            var instance = value
            reader.deferHook { try Self.runHook { try instance.autoCodingDidDecode() } }
        } else {
            try Self.runHook { try value.autoCodingDidDecode() }
        }
    }

    /// Calls `body` with the memory of `value`'s fields: a struct's own, a class instance's object.
    @inline(__always)
    private func withFields<Result>(of value: inout T, _ body: (InstanceMemory) throws -> Result) rethrows -> Result {
        guard plan.isClass else { return try InstanceMemory.withMutableValue(&value, body) }
        return try InstanceMemory.withObject(InstanceMemory.object(of: value), body)
    }

    // MARK: Typed reads through the `Codable` bridge

    /// Values with nothing to find but their properties (no version to check, no unknown keys to
    /// list) are read with the decoders' typed calls (see ``BridgePropertyRead``), as synthesized
    /// `Codable` reads them: their container, then each property.
    var hasTypedBridgeReads: Bool { plan.version == 0 && !plan.implementsUnknownKeysHook && plan.layoutProblem == nil }

    func decodeBridgeEntry(_ container: KeyedDecodingContainer<BridgeKey>, _ key: BridgeKey,
                           from reader: inout CodableBridgeReader, _ context: DecodingContext) throws -> T {
        try decodeBridgeObject(try container.nestedContainer(keyedBy: BridgeKey.self, forKey: key), from: &reader, context)
    }

    func decodeBridgeElement(_ container: inout any UnkeyedDecodingContainer, from reader: inout CodableBridgeReader,
                             _ context: DecodingContext) throws -> T {
        try decodeBridgeObject(try container.nestedContainer(keyedBy: BridgeKey.self), from: &reader, context)
    }

    /// A new default instance with the properties `container` holds read into it
    /// (``CodableBridgeReader/typedFields(of:_:into:_:opened:)``), hooks run, one level deeper (the
    /// general read's depth limit).
    private func decodeBridgeObject(_ container: KeyedDecodingContainer<BridgeKey>, from reader: inout CodableBridgeReader,
                                    _ context: DecodingContext) throws -> T {
        // A class's value may name a subclass, which the general read resolves: here, from the
        // container already open. (Throwing instead would have the whole property read again,
        // running the hooks of the values read before this one a second time.)
        if plan.isClass, container.contains(BridgeKey(ReservedKey.type)) {
            do {
                return try decodeBridgeValue(.object(CodableBridgeObject(container)), from: &reader, context)
            } catch {
                throw BridgePropertyRead.Failure(error)
            }
        }
        return try context.nested {
            var value = T()
            try withFields(of: &value) { try reader.typedFields(of: plan, container, into: $0, context) }
            // The hook's failure is the general read's too (it would run the same hook).
            do {
                try Self.runHook { try value.autoCodingDidDecode() }
            } catch {
                throw BridgePropertyRead.Failure(error)
            }
            return value
        }
    }

    /// The entries of the archived object `node`, of another version, rewritten by
    /// ``AutoCodable/autoCodingMigrate(from:tree:)`` and without the reserved entries: what is
    /// read as this version.
    private func migratedEntries<R: ArchiveReader>(_ node: R.Node, from version: Int,
                                                   _ reader: inout R) throws -> PropertyListDictionary {
        guard var entries = try reader.migrationEntries(node) else {
            throw AutoCodingError(.corruptArchive, "the archived \(T.self) is not a dictionary")
        }
        try Self.runHook { try T.autoCodingMigrate(from: version, tree: &entries) }
        // The reserved entries have been read; the rewritten properties are read as this version's.
        var properties = PropertyListDictionary(minimumCapacity: entries.count)
        for (key, value) in entries where key != ReservedKey.type && key != ReservedKey.version {
            properties.updateValue(value, forKey: key)
        }
        return properties
    }

    static func runHook(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as AutoCodingError {
            throw error
        } catch {
            throw AutoCodingError(.hookFailed, "a customization hook of \(T.self) failed: \(error)")
        }
    }
}
