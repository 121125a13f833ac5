import PropertyList

/// How one `AutoCodable` type is archived: its stored properties, their keys, offsets and coders.
///
/// Built once per concrete type by ``AutoCodingEngine`` and shared by every archive afterwards.
final class TypePlan: @unchecked Sendable {
    // @unchecked: `fields`, `layoutProblem` and `claimedKeys` are assigned only by the engine while
    // it holds its lock and before the plan is published to other threads; afterwards the plan is
    // read-only.

    /// The type's name as paths show it, e.g. `Order` or `Box<Int>`.
    let typeName: String
    /// Whether the type is a class (fields are then read through the object reference).
    let isClass: Bool
    /// The version written under `$version` (0: none).
    let version: Int
    /// The archived properties, in declaration order (superclass first).
    var fields: [FieldPlan] = []
    /// Why the runtime's offsets are not used, or `nil` when they were verified against `Mirror`.
    /// Unverified plans encode through `Mirror` and refuse to decode.
    var layoutProblem: String? = "the plan is still being built"
    /// Every key a property claims, plus the reserved keys.
    var claimedKeys: Set<String> = []

    init(typeName: String, isClass: Bool, version: Int) {
        self.typeName = typeName
        self.isClass = isClass
        self.version = version
    }

    /// The archived dictionary of the instance in `memory`.
    func encodeFields(_ memory: InstanceMemory, typeTag: String?, _ state: EncodingState) throws -> PropertyListValue {
        var result = PropertyListDictionary(minimumCapacity: fields.count + 2)
        appendReservedKeys(to: &result, typeTag: typeTag)
        for field in fields {
            do {
                if let value = try field.coder.encodeField(in: memory, at: field.offset, state) {
                    result.updateValue(value, forKey: field.key)
                }
            } catch let error as AutoCodingError {
                throw error.within(.property(field.name))
            }
        }
        return .dictionary(result)
    }

    /// The archived dictionary of `subject`, reading its properties through `Mirror`.
    ///
    /// The reference semantics the offset path is tested against, and the fallback when a layout
    /// could not be verified.
    func encodeFieldsViaMirror(_ subject: Any, typeTag: String?, _ state: EncodingState) throws -> PropertyListValue {
        var children: [String: Any] = [:]
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            for child in current.children {
                if let label = child.label { children[label] = child.value }
            }
            mirror = current.superclassMirror
        }
        var result = PropertyListDictionary(minimumCapacity: fields.count + 2)
        appendReservedKeys(to: &result, typeTag: typeTag)
        for field in fields {
            do {
                guard let value = Self.follow(field.mirrorPath, in: children) else {
                    throw AutoCodingError(.unverifiedLayout, "Mirror does not report this property")
                }
                if let encoded = try field.coder.encodeAny(value, state) {
                    result.updateValue(encoded, forKey: field.key)
                }
            } catch let error as AutoCodingError {
                throw error.within(.property(field.name))
            }
        }
        return .dictionary(result)
    }

    /// Writes the archived dictionary of the instance in `memory` into a binary archive.
    func writeFields(_ memory: InstanceMemory, typeTag: String?, to writer: inout BinaryArchiveWriter,
                     _ state: EncodingState) throws -> UInt32 {
        let start = writer.beginContainer()
        try writeReservedKeys(to: &writer, typeTag: typeTag)
        for field in fields {
            do {
                if let value = try field.coder.writeField(in: memory, at: field.offset, to: &writer, state) {
                    writer.appendEntry(key: try writer.key(field), value: value)
                }
            } catch let error as AutoCodingError {
                throw error.within(.property(field.name))
            }
        }
        return try writer.endDictionary(start)
    }

    /// Writes the archived dictionary of the instance in `memory` into an XML archive.
    func writeXMLFields(_ memory: InstanceMemory, typeTag: String?, to writer: inout XMLArchiveWriter,
                        _ state: EncodingState) throws {
        writer.beginDictionary()
        if let typeTag {
            try writer.key(ReservedKey.type)
            try writer.string(typeTag)
        }
        if version != 0 {
            try writer.key(ReservedKey.version)
            writer.integer(Int64(version))
        }
        for field in fields {
            do {
                try field.coder.writeXMLField(in: memory, at: field.offset, key: field.key, to: &writer, state)
            } catch let error as AutoCodingError {
                throw error.within(.property(field.name))
            }
        }
        writer.end()
    }

    private func writeReservedKeys(to writer: inout BinaryArchiveWriter, typeTag: String?) throws {
        if let typeTag { writer.appendEntry(key: try writer.string(ReservedKey.type), value: try writer.string(typeTag)) }
        if version != 0 {
            writer.appendEntry(key: try writer.string(ReservedKey.version), value: try writer.integer(Int64(version)))
        }
    }

    /// Reads every archived property of the dictionary `object` of a binary archive into the
    /// instance in `memory`.
    ///
    /// - Returns: The entries no property claimed, reserved keys excepted (empty when none).
    func readFields(_ object: BinaryArchiveReader.Object, from reader: inout BinaryArchiveReader,
                    into memory: InstanceMemory, _ state: DecodingState) throws -> PropertyListDictionary {
        try reader.nested { reader in
            var unknown = PropertyListDictionary()
            var cursor = 0
            for index in 0..<object.count {
                let keyObject = try reader.object(try reader.reference(object, at: index))
                guard keyObject.kind == .asciiString || keyObject.kind == .utf16String else {
                    throw AutoCodingError(.corruptArchive, "a dictionary key is not a string")
                }
                // Archives written by this plan list keys in field order: try the next field first.
                var match: FieldPlan?
                if cursor < fields.count,
                   try reader.stringObject(keyObject, equals: fields[cursor].keyBytes, key: fields[cursor].key) {
                    match = fields[cursor]
                    cursor += 1
                } else {
                    for (position, field) in fields.enumerated() {
                        if try reader.stringObject(keyObject, equals: field.keyBytes, key: field.key) {
                            match = field
                            cursor = position + 1
                            break
                        }
                    }
                }
                let valueNumber = try reader.reference(object, at: object.count + index)
                guard let field = match else {
                    let key = try reader.string(keyObject)
                    if !claimedKeys.contains(key) { unknown[key] = try reader.materialize(valueNumber) }
                    continue
                }
                do {
                    try field.coder.readField(valueNumber, from: &reader, into: memory, at: field.offset, state)
                } catch let error as AutoCodingError {
                    throw error.within(.property(field.name))
                }
            }
            return unknown
        }
    }

    /// Restores every archived property of `entries` into the instance in `memory`.
    ///
    /// - Returns: The entries no property claimed (empty when there are none).
    func decodeFields(_ entries: PropertyListDictionary, into memory: InstanceMemory,
                      _ state: DecodingState) throws -> PropertyListDictionary {
        var cursor = 0
        var matched = 0
        for field in fields {
            // Archives written by this plan list keys in field order: try the next entry first.
            let value: PropertyListValue
            if cursor < entries.count, entries[cursor].key == field.key {
                value = entries[cursor].value
                cursor += 1
            } else if let position = entries.position(of: field.key) {
                value = entries[position].value
                cursor = position + 1
            } else {
                continue
            }
            matched += 1
            do {
                try field.coder.decodeField(value, into: memory, at: field.offset, state)
            } catch let error as AutoCodingError {
                throw error.within(.property(field.name))
            }
        }
        guard matched < entries.count else { return PropertyListDictionary() }
        let reserved = (entries.position(of: ReservedKey.type) == nil ? 0 : 1)
            + (entries.position(of: ReservedKey.version) == nil ? 0 : 1)
        guard matched + reserved < entries.count else { return PropertyListDictionary() }
        var unknown = PropertyListDictionary()
        for (key, value) in entries where !claimedKeys.contains(key) {
            unknown.updateValue(value, forKey: key)
        }
        return unknown
    }

    private func appendReservedKeys(to result: inout PropertyListDictionary, typeTag: String?) {
        if let typeTag { result.updateValue(.string(typeTag), forKey: ReservedKey.type) }
        if version != 0 { result.updateValue(.integer(PropertyListInteger(Int64(version))), forKey: ReservedKey.version) }
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

/// One archived stored property of a ``TypePlan``.
///
/// A class so that walking a plan's fields retains one reference per field instead of copying
/// every member.
final class FieldPlan: @unchecked Sendable {
    // @unchecked: immutable after construction; `coder` is Sendable.
    /// The declared name (a property wrapper's, without the storage's underscore).
    let name: String
    /// The archive key.
    let key: String
    /// The byte offset of the value (inside the wrapper for property wrappers).
    let offset: Int
    /// The coder of the value's type.
    let coder: any FieldCoding
    /// Labels leading to the value through `Mirror`: `["name"]`, or `["_name", "wrappedValue"]`.
    let mirrorPath: [String]
    /// A number unique among all plans' fields, indexing the binary writer's key cache.
    let serial: Int
    /// The key's UTF-8, compared with archived key bytes by the binary reader.
    let keyBytes: [UInt8]

    init(name: String, key: String, offset: Int, coder: any FieldCoding, mirrorPath: [String], serial: Int) {
        self.serial = serial
        self.keyBytes = Array(key.utf8)
        self.name = name
        self.key = key
        self.offset = offset
        self.coder = coder
        self.mirrorPath = mirrorPath
    }
}
