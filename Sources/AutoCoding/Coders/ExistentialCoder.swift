/// An existential property (`any P`, `Any`, `AnyObject`) holding a registered `AutoCodable`
/// type, archived with its type record (the registered name) under `$type`. Formats that name
/// every value's type themselves (keyed archives) take any archivable value there, registered or
/// not, and read back whatever the archive describes.
final class ExistentialCoder<T>: ValueCoding, @unchecked Sendable {
    // @unchecked: only an unowned reference to the engine, which is thread-safe.
    unowned let engine: AutoCodingEngine

    init(engine: AutoCodingEngine) { self.engine = engine }

    @_specialize(exported: false, kind: partial, where W == BinaryArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == XMLArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == CodableBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == NSCoderBridgeWriter)
    @_specialize(exported: false, kind: partial, where W == TreeArchiveWriter)
    @_specialize(exported: false, kind: partial, where W == KeyedArchiveWriter)
    func encode<W: ArchiveWriter & ~Copyable>(_ value: T, to writer: inout W, _ context: EncodingContext) throws {
        let boxed = value as Any
        // The dynamic type as a run-time metatype value: looked up, never opened from a static type.
        let dynamicType = type(of: boxed)
        if W.isSelfDescribing {
            let coder: any FieldCoding
            do {
                coder = try engine.fieldCoder(forAnyType: dynamicType)
            } catch let error as AutoCodingError {
                throw AutoCodingError(.unsupportedType, "a \(dynamicType) cannot be archived: \(error.reason)",
                                      expected: "\(T.self)", found: "\(dynamicType)")
            }
            return try coder.encodeBoxed(boxed, to: &writer, context)
        }
        let coder: any ObjectCoding
        do {
            coder = try engine.objectCoder(for: dynamicType)
        } catch {
            throw AutoCodingError(.unregisteredType,
                                  "the value is a \(dynamicType), which is not AutoCodable (declared type \(T.self))",
                                  expected: "\(T.self)", found: "\(dynamicType)")
        }
        let record: String?
        if let name = context.registry.name(of: dynamicType) {
            record = name
        } else if context.isAtRoot {
            record = coder.plan.stableName
        } else {
            throw AutoCodingError(.unregisteredType,
                                  "the value is a \(dynamicType), which is not registered (declared type \(T.self)); "
                                    + "register it with AutoCodingRegistry.register(\(dynamicType).self, as: ...)",
                                  expected: "\(T.self)", found: "\(dynamicType)")
        }
        try coder.encodeObject(boxed, record: record, to: &writer, context)
    }

    @_specialize(exported: false, kind: partial, where R == BinaryArchiveReader)
    @_specialize(exported: false, kind: partial, where R == TreeArchiveReader)
    @_specialize(exported: false, kind: partial, where R == XMLArchiveReader)
    @_specialize(exported: false, kind: partial, where R == CodableBridgeReader)
    @_specialize(exported: false, kind: partial, where R == NSCoderBridgeReader)
    @_specialize(exported: false, kind: partial, where R == KeyedArchiveReader)
    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> T {
        if R.sharesObjects, let existing = reader.sharedInstance(node) {
            guard let typed = existing as? T else {
                throw AutoCodingError(.typeMismatch, "the archived object is a \(type(of: existing)), not a \(T.self)",
                                      expected: "\(T.self)", found: "\(type(of: existing))")
            }
            return typed
        }
        if R.isSelfDescribing {
            if try reader.nilLevel(node) != nil, let none = Optional<Any>.none as Any as? T { return none }
            if let described = try reader.describedType(of: node) {
                // Only collections are shared (scalars are cheaper to read again than to look up).
                let isCollection = R.sharesObjects && (ObjectIdentifier(described) == ObjectIdentifier([Any].self)
                    || ObjectIdentifier(described) == ObjectIdentifier([String: Any].self))
                let value: Any
                if isCollection, let shared = try reader.sharedValue(node) {
                    value = shared
                } else {
                    let mark = reader.expandedValues
                    value = try engine.fieldCoder(forAnyType: described).decodeBoxed(node, from: &reader, context)
                    if isCollection { reader.share(value: value, for: node, countedSince: mark) }
                }
                guard let typed = value as? T else {
                    throw AutoCodingError(.typeMismatch, "the archive holds a \(described), not a \(T.self)",
                                          expected: "\(T.self)", found: "\(described)")
                }
                return typed
            }
        }
        // Opened once, as AutoCodableCoder does: the header and the properties are read from it.
        let object = try reader.openedObject(node)
        let header = try reader.objectHeader(object)
        guard let record = header.typeRecord else {
            throw AutoCodingError(.unknownTypeName, "the archive does not say which \(T.self) it holds (no $type key)")
        }
        guard let registered = context.types.type(named: record) else {
            throw AutoCodingError(.unknownTypeName, "no type is registered as \"\(record)\"", expected: "\(T.self)",
                                  found: record)
        }
        let instance = try engine.objectCoder(for: registered).decodeObject(object, header, from: &reader, context)
        guard let typed = instance as? T else {
            throw AutoCodingError(.unknownTypeName, "\"\(record)\" names \(registered), which is not a \(T.self)",
                                  expected: "\(T.self)", found: "\(registered)")
        }
        return typed
    }
}
