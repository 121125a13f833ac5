import PropertyList

/// An existential property (`any P`, `Any`, `AnyObject`) holding a registered `AutoCodable` type,
/// archived with the registered name under `$type`.
final class ExistentialCoder<T>: ValueCoding, @unchecked Sendable {
    // @unchecked: only an unowned reference to the engine, which is thread-safe.
    unowned let engine: AutoCodingEngine

    init(engine: AutoCodingEngine) { self.engine = engine }

    /// The value boxed, its dynamic type and that type's registered name; an unregistered type is
    /// an error naming both the dynamic and the declared type.
    private func registered(_ value: T, _ state: EncodingState) throws -> (boxed: Any, type: Any.Type, name: String) {
        let boxed = value as Any
        let dynamicType = type(of: boxed)
        guard let name = state.registry.name(of: dynamicType) else {
            throw AutoCodingError(.unregisteredType,
                                  "the value is a \(dynamicType), which is not registered (declared type \(T.self))",
                                  expected: "\(T.self)", found: "\(dynamicType)")
        }
        return (boxed, dynamicType, name)
    }

    func encode(_ value: T, _ state: EncodingState) throws -> PropertyListValue {
        let (boxed, dynamicType, name) = try registered(value, state)
        return try engine.objectCoder(for: dynamicType).encodeBoxed(boxed, typeTag: name, state)
    }

    func write(_ value: T, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        let (boxed, dynamicType, name) = try registered(value, state)
        return try engine.objectCoder(for: dynamicType).writeBoxed(boxed, typeTag: name, to: &writer, state)
    }

    func writeXML(_ value: T, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        let (boxed, dynamicType, name) = try registered(value, state)
        try engine.objectCoder(for: dynamicType).writeXMLBoxed(boxed, typeTag: name, to: &writer, state)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> T {
        guard case .dictionary(let entries) = plist else { throw AutoCodingError.mismatch(expected: "dictionary", found: plist) }
        guard let tag = entries[ReservedKey.type] else {
            throw AutoCodingError(.unknownTypeName, "the archive does not say which \(T.self) it holds (no $type key)")
        }
        guard case .string(let name) = tag else {
            throw AutoCodingError.mismatch(expected: "string", found: tag).within(.key(ReservedKey.type))
        }
        guard let registered = state.registry.type(named: name) else {
            throw AutoCodingError(.unknownTypeName, "no type is registered as \"\(name)\"", expected: "\(T.self)", found: name)
        }
        let instance = try engine.objectCoder(for: registered).decodeBoxed(entries, state)
        guard let typed = instance as? T else {
            throw AutoCodingError(.unknownTypeName, "\"\(name)\" names \(registered), which is not a \(T.self)",
                                  expected: "\(T.self)", found: "\(registered)")
        }
        return typed
    }
}
