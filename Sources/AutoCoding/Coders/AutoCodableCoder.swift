import PropertyList

/// Archives an `AutoCodable` struct or class through its ``TypePlan``.
final class AutoCodableCoder<T: AutoCodable>: ValueCoding, ObjectCoding, @unchecked Sendable {
    // @unchecked: `plan` is immutable once published (see TypePlan).
    let plan: TypePlan
    /// Resolves coders of registered dynamic types (the engine; unowned: it lives forever).
    unowned let engine: AutoCodingEngine

    init(plan: TypePlan, engine: AutoCodingEngine) {
        self.plan = plan
        self.engine = engine
    }

    func encode(_ value: T, _ state: EncodingState) throws -> PropertyListValue {
        guard plan.isClass else {
            if state.viaMirror || plan.layoutProblem != nil {
                return try plan.encodeFieldsViaMirror(value, typeTag: nil, state)
            }
            return try InstanceMemory.withValue(value) { try plan.encodeFields($0, typeTag: nil, state) }
        }
        let object = value as AnyObject
        let dynamicType = type(of: object)
        if ObjectIdentifier(dynamicType) != ObjectIdentifier(T.self) {
            let name = try registeredName(of: dynamicType, state)
            return try engine.objectCoder(for: dynamicType).encodeBoxed(object, typeTag: name, state)
        }
        return try encodeObject(object, typeTag: nil, state)
    }

    /// The registered name of a subclass found where a `T` was declared; unregistered ones throw.
    private func registeredName(of dynamicType: AnyObject.Type, _ state: EncodingState) throws -> String {
        guard let name = state.registry.name(of: dynamicType) else {
            throw AutoCodingError(.unregisteredType,
                                  "the value is a \(dynamicType), which is not registered (declared type \(T.self))",
                                  expected: "\(T.self)", found: "\(dynamicType)")
        }
        return name
    }

    /// A boxed value as the `T` this coder archives.
    private func unboxed(_ value: Any) throws -> T {
        guard let typed = value as? T else {
            throw AutoCodingError(.typeMismatch, "expected a \(T.self), found a \(type(of: value))")
        }
        return typed
    }

    func encodeBoxed(_ value: Any, typeTag: String, _ state: EncodingState) throws -> PropertyListValue {
        let typed = try unboxed(value)
        if plan.isClass { return try encodeObject(typed as AnyObject, typeTag: typeTag, state) }
        if state.viaMirror || plan.layoutProblem != nil {
            return try plan.encodeFieldsViaMirror(typed, typeTag: typeTag, state)
        }
        return try InstanceMemory.withValue(typed) { try plan.encodeFields($0, typeTag: typeTag, state) }
    }

    func write(_ value: T, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        guard plan.isClass else {
            if plan.layoutProblem != nil {
                return try writer.tree(try plan.encodeFieldsViaMirror(value, typeTag: nil, state))
            }
            return try InstanceMemory.withValue(value) { try plan.writeFields($0, typeTag: nil, to: &writer, state) }
        }
        let object = value as AnyObject
        let dynamicType = type(of: object)
        if ObjectIdentifier(dynamicType) != ObjectIdentifier(T.self) {
            let name = try registeredName(of: dynamicType, state)
            return try engine.objectCoder(for: dynamicType).writeBoxed(object, typeTag: name, to: &writer, state)
        }
        return try writeObject(object, typeTag: nil, to: &writer, state)
    }

    func writeBoxed(_ value: Any, typeTag: String, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        let typed = try unboxed(value)
        if plan.isClass { return try writeObject(typed as AnyObject, typeTag: typeTag, to: &writer, state) }
        if plan.layoutProblem != nil {
            return try writer.tree(try plan.encodeFieldsViaMirror(typed, typeTag: typeTag, state))
        }
        return try InstanceMemory.withValue(typed) { try plan.writeFields($0, typeTag: typeTag, to: &writer, state) }
    }

    private func writeObject(_ object: AnyObject, typeTag: String?, to writer: inout BinaryArchiveWriter,
                             _ state: EncodingState) throws -> UInt32 {
        let identity = ObjectIdentifier(object)
        if state.activeObjects.contains(identity) {
            throw AutoCodingError(.cycle, "this \(T.self) is already being archived on this path; plain archives cannot hold cycles")
        }
        state.activeObjects.append(identity)
        defer { state.activeObjects.removeLast() }
        if plan.layoutProblem != nil {
            return try writer.tree(try plan.encodeFieldsViaMirror(object, typeTag: typeTag, state))
        }
        return try InstanceMemory.withObject(object) { try plan.writeFields($0, typeTag: typeTag, to: &writer, state) }
    }

    func writeXML(_ value: T, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        guard plan.isClass else {
            if plan.layoutProblem != nil {
                return try writer.tree(try plan.encodeFieldsViaMirror(value, typeTag: nil, state))
            }
            return try InstanceMemory.withValue(value) { try plan.writeXMLFields($0, typeTag: nil, to: &writer, state) }
        }
        let object = value as AnyObject
        let dynamicType = type(of: object)
        if ObjectIdentifier(dynamicType) != ObjectIdentifier(T.self) {
            let name = try registeredName(of: dynamicType, state)
            return try engine.objectCoder(for: dynamicType).writeXMLBoxed(object, typeTag: name, to: &writer, state)
        }
        try writeXMLObject(object, typeTag: nil, to: &writer, state)
    }

    func writeXMLBoxed(_ value: Any, typeTag: String, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        let typed = try unboxed(value)
        if plan.isClass { return try writeXMLObject(typed as AnyObject, typeTag: typeTag, to: &writer, state) }
        if plan.layoutProblem != nil {
            return try writer.tree(try plan.encodeFieldsViaMirror(typed, typeTag: typeTag, state))
        }
        try InstanceMemory.withValue(typed) { try plan.writeXMLFields($0, typeTag: typeTag, to: &writer, state) }
    }

    private func writeXMLObject(_ object: AnyObject, typeTag: String?, to writer: inout XMLArchiveWriter,
                                _ state: EncodingState) throws {
        let identity = ObjectIdentifier(object)
        if state.activeObjects.contains(identity) {
            throw AutoCodingError(.cycle, "this \(T.self) is already being archived on this path; plain archives cannot hold cycles")
        }
        state.activeObjects.append(identity)
        defer { state.activeObjects.removeLast() }
        if plan.layoutProblem != nil {
            return try writer.tree(try plan.encodeFieldsViaMirror(object, typeTag: typeTag, state))
        }
        try InstanceMemory.withObject(object) { try plan.writeXMLFields($0, typeTag: typeTag, to: &writer, state) }
    }

    private func encodeObject(_ object: AnyObject, typeTag: String?, _ state: EncodingState) throws -> PropertyListValue {
        let identity = ObjectIdentifier(object)
        if state.activeObjects.contains(identity) {
            throw AutoCodingError(.cycle, "this \(T.self) is already being archived on this path; plain archives cannot hold cycles")
        }
        state.activeObjects.append(identity)
        defer { state.activeObjects.removeLast() }
        if state.viaMirror || plan.layoutProblem != nil {
            return try plan.encodeFieldsViaMirror(object, typeTag: typeTag, state)
        }
        return try InstanceMemory.withObject(object) { try plan.encodeFields($0, typeTag: typeTag, state) }
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> T {
        guard case .dictionary(let entries) = plist else { throw AutoCodingError.mismatch(expected: "dictionary", found: plist) }
        if plan.isClass, let tag = entries[ReservedKey.type] {
            guard case .string(let name) = tag else {
                throw AutoCodingError.mismatch(expected: "string", found: tag).within(.key(ReservedKey.type))
            }
            guard let registered = state.registry.type(named: name) else {
                throw AutoCodingError(.unknownTypeName, "no type is registered as \"\(name)\"", expected: "\(T.self)", found: name)
            }
            if ObjectIdentifier(registered) != ObjectIdentifier(T.self) {
                let instance = try engine.objectCoder(for: registered).decodeBoxed(entries, state)
                guard let typed = instance as? T else {
                    throw AutoCodingError(.unknownTypeName, "\"\(name)\" names \(registered), which is not a \(T.self)",
                                          expected: "\(T.self)", found: "\(registered)")
                }
                return typed
            }
        }
        return try decodeInstance(entries, state)
    }

    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> T {
        let object = try reader.object(number)
        guard object.kind == .dictionary else { throw BinaryArchiveReader.mismatch(expected: "dictionary", found: object) }
        let reserved = try reservedEntries(of: object, from: &reader)
        if plan.isClass, let name = reserved.typeName {
            guard let registered = state.registry.type(named: name) else {
                throw AutoCodingError(.unknownTypeName, "no type is registered as \"\(name)\"", expected: "\(T.self)", found: name)
            }
            if ObjectIdentifier(registered) != ObjectIdentifier(T.self) {
                let instance = try engine.objectCoder(for: registered).readBoxed(number, from: &reader, state)
                guard let typed = instance as? T else {
                    throw AutoCodingError(.unknownTypeName, "\"\(name)\" names \(registered), which is not a \(T.self)",
                                          expected: "\(T.self)", found: "\(registered)")
                }
                return typed
            }
        }
        return try readInstance(object, version: reserved.version, from: &reader, state)
    }

    func readBoxed(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Any {
        let object = try reader.object(number)
        guard object.kind == .dictionary else { throw BinaryArchiveReader.mismatch(expected: "dictionary", found: object) }
        return try readInstance(object, version: try reservedEntries(of: object, from: &reader).version, from: &reader, state)
    }

    /// A new default instance with the properties of dictionary `object` read into it, hooks run.
    private func readInstance(_ object: BinaryArchiveReader.Object, version: Int, from reader: inout BinaryArchiveReader,
                              _ state: DecodingState) throws -> T {
        if version != plan.version {
            // Migration edits the raw tree: take the tree path for this value.
            guard case .dictionary(let entries) = try reader.materialize(object.number) else {
                throw AutoCodingError(.corruptArchive, "the archive changed while being read")
            }
            return try decodeInstance(entries, state)
        }
        if let problem = plan.layoutProblem {
            throw AutoCodingError(.unverifiedLayout, "\(T.self) cannot be restored: \(problem)")
        }
        var value = T()
        let unknown: PropertyListDictionary
        if plan.isClass {
            unknown = try InstanceMemory.withObject(value as AnyObject) {
                try plan.readFields(object, from: &reader, into: $0, state)
            }
        } else {
            unknown = try InstanceMemory.withMutableValue(&value) { try plan.readFields(object, from: &reader, into: $0, state) }
        }
        if !unknown.isEmpty { value.autoCodingDidFindUnknownKeys(unknown) }
        try runHook { try value.autoCodingDidDecode() }
        return value
    }

    /// The `$type` and `$version` entries of dictionary `object` (keys starting with `$` only are read).
    private func reservedEntries(of object: BinaryArchiveReader.Object,
                                 from reader: inout BinaryArchiveReader) throws -> (typeName: String?, version: Int) {
        var typeName: String?
        var version = 0
        for index in 0..<object.count {
            let keyObject = try reader.object(try reader.reference(object, at: index))
            guard keyObject.kind == .asciiString, keyObject.count > 1,
                  reader.scanner.payload(keyObject).first == UInt8(ascii: "$") else { continue }
            let key = try reader.string(keyObject)
            let valueNumber = try reader.reference(object, at: object.count + index)
            if key == ReservedKey.type {
                let value = try reader.materialize(valueNumber)
                guard case .string(let name) = value else {
                    throw AutoCodingError.mismatch(expected: "string", found: value).within(.key(ReservedKey.type))
                }
                typeName = name
            } else if key == ReservedKey.version {
                let value = try reader.materialize(valueNumber)
                guard case .integer(let integer) = value, let number = integer.int64Value.flatMap({ Int(exactly: $0) }) else {
                    throw AutoCodingError.mismatch(expected: "integer", found: value).within(.key(ReservedKey.version))
                }
                version = number
            }
        }
        return (typeName, version)
    }

    func decodeBoxed(_ entries: PropertyListDictionary, _ state: DecodingState) throws -> Any {
        try decodeInstance(entries, state)
    }

    /// A new default instance with the archived properties written into it, hooks run.
    private func decodeInstance(_ archived: PropertyListDictionary, _ state: DecodingState) throws -> T {
        if let problem = plan.layoutProblem {
            throw AutoCodingError(.unverifiedLayout, "\(T.self) cannot be restored: \(problem)")
        }
        var entries = archived
        if try archivedVersion(of: entries) != plan.version {
            let version = try archivedVersion(of: entries)
            try runHook { try T.autoCodingMigrate(from: version, tree: &entries) }
        }
        var value = T()
        let unknown: PropertyListDictionary
        if plan.isClass {
            unknown = try InstanceMemory.withObject(value as AnyObject) { try plan.decodeFields(entries, into: $0, state) }
        } else {
            unknown = try InstanceMemory.withMutableValue(&value) { try plan.decodeFields(entries, into: $0, state) }
        }
        if !unknown.isEmpty { value.autoCodingDidFindUnknownKeys(unknown) }
        try runHook { try value.autoCodingDidDecode() }
        return value
    }

    private func archivedVersion(of entries: PropertyListDictionary) throws -> Int {
        guard let stored = entries[ReservedKey.version] else { return 0 }
        guard case .integer(let integer) = stored, let version = integer.int64Value.flatMap({ Int(exactly: $0) }) else {
            throw AutoCodingError.mismatch(expected: "integer", found: stored).within(.key(ReservedKey.version))
        }
        return version
    }

    private func runHook(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as AutoCodingError {
            throw error
        } catch {
            throw AutoCodingError(.hookFailed, "a customization hook of \(T.self) failed: \(error)")
        }
    }
}
