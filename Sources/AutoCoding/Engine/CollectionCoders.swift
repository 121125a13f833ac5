import PropertyList

/// `Optional` of a supported type: `nil` leaves the key out of the enclosing dictionary.
///
/// Property lists have no null, so `nil` inside an array or as a dictionary value cannot be
/// archived and is reported as ``AutoCodingError/Kind/unrepresentable``.
final class OptionalCoder<Wrapped>: ValueCoding, @unchecked Sendable {
    // @unchecked: `wrapped` is immutable and itself Sendable.
    let wrapped: any ValueCoding<Wrapped>

    init(wrapped: any ValueCoding<Wrapped>) { self.wrapped = wrapped }

    func isAbsent(_ value: Wrapped?) -> Bool { value == nil }

    func encode(_ value: Wrapped?, _ state: EncodingState) throws -> PropertyListValue {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        return try wrapped.encode(value, state)
    }

    func writeXML(_ value: Wrapped?, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        try wrapped.writeXML(value, to: &writer, state)
    }

    func write(_ value: Wrapped?, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        return try wrapped.write(value, to: &writer, state)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Wrapped? {
        try wrapped.decode(plist, state)
    }
}

/// `Array` as a property-list array.
final class ArrayCoder<Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    func encode(_ value: [Element], _ state: EncodingState) throws -> PropertyListValue {
        var result: [PropertyListValue] = []
        result.reserveCapacity(value.count)
        var position = 0
        do {
            for item in value {
                result.append(try element.encode(item, state))
                position += 1
            }
        } catch let error as AutoCodingError {
            throw error.within(.index(position))
        }
        return .array(result)
    }

    func writeXML(_ value: [Element], to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.beginArray()
        var position = 0
        do {
            for item in value {
                try element.writeXML(item, to: &writer, state)
                position += 1
            }
        } catch let error as AutoCodingError {
            throw error.within(.index(position))
        }
        writer.end()
    }

    func write(_ value: [Element], to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        let start = writer.beginContainer()
        var position = 0
        do {
            for item in value {
                writer.append(try element.write(item, to: &writer, state))
                position += 1
            }
        } catch let error as AutoCodingError {
            throw error.within(.index(position))
        }
        return try writer.endArray(start)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> [Element] {
        guard case .array(let items) = plist else { throw AutoCodingError.mismatch(expected: "array", found: plist) }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        var position = 0
        do {
            for item in items {
                result.append(try element.decode(item, state))
                position += 1
            }
        } catch let error as AutoCodingError {
            throw error.within(.index(position))
        }
        return result
    }
}

/// `Set` as a property-list array, sorted in ``CanonicalOrder`` so archives are reproducible.
final class SetCoder<Element: Hashable>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    func encode(_ value: Set<Element>, _ state: EncodingState) throws -> PropertyListValue {
        var result: [PropertyListValue] = []
        result.reserveCapacity(value.count)
        for item in value { result.append(try element.encode(item, state)) }
        result.sort(by: CanonicalOrder.precedes)
        return .array(result)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Set<Element> {
        guard case .array(let items) = plist else { throw AutoCodingError.mismatch(expected: "array", found: plist) }
        var result = Set<Element>(minimumCapacity: items.count)
        for (position, item) in items.enumerated() {
            do {
                result.insert(try element.decode(item, state))
            } catch let error as AutoCodingError {
                throw error.within(.index(position))
            }
        }
        return result
    }
}

/// `[String: V]` as a property-list dictionary with keys in ascending order (reproducible archives).
final class StringKeyedDictionaryCoder<Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    func encode(_ value: [String: Element], _ state: EncodingState) throws -> PropertyListValue {
        var result = PropertyListDictionary(minimumCapacity: value.count)
        for key in value.keys.sorted() {
            guard let item = value[key] else { continue }
            do {
                result.updateValue(try element.encode(item, state), forKey: key)
            } catch let error as AutoCodingError {
                throw error.within(.key(key))
            }
        }
        return .dictionary(result)
    }

    func writeXML(_ value: [String: Element], to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.beginDictionary()
        for key in value.keys.sorted() {
            guard let item = value[key] else { continue }
            do {
                try writer.key(key)
                try element.writeXML(item, to: &writer, state)
            } catch let error as AutoCodingError {
                throw error.within(.key(key))
            }
        }
        writer.end()
    }

    func write(_ value: [String: Element], to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        let start = writer.beginContainer()
        for key in value.keys.sorted() {
            guard let item = value[key] else { continue }
            do {
                let object = try element.write(item, to: &writer, state)
                writer.appendEntry(key: try writer.string(key), value: object)
            } catch let error as AutoCodingError {
                throw error.within(.key(key))
            }
        }
        return try writer.endDictionary(start)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> [String: Element] {
        guard case .dictionary(let entries) = plist else { throw AutoCodingError.mismatch(expected: "dictionary", found: plist) }
        var result = [String: Element](minimumCapacity: entries.count)
        for (key, item) in entries {
            do {
                result[key] = try element.decode(item, state)
            } catch let error as AutoCodingError {
                throw error.within(.key(key))
            }
        }
        return result
    }
}

/// `[K: V]` with an integer key type as a property-list dictionary whose keys are the decimal
/// spellings of the integers (`"-3"`, `"42"`), in ascending numeric order.
final class IntegerKeyedDictionaryCoder<Key: FixedWidthInteger, Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    func encode(_ value: [Key: Element], _ state: EncodingState) throws -> PropertyListValue {
        var result = PropertyListDictionary(minimumCapacity: value.count)
        for key in value.keys.sorted() {
            guard let item = value[key] else { continue }
            let text = String(key)
            do {
                result.updateValue(try element.encode(item, state), forKey: text)
            } catch let error as AutoCodingError {
                throw error.within(.key(text))
            }
        }
        return .dictionary(result)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> [Key: Element] {
        guard case .dictionary(let entries) = plist else { throw AutoCodingError.mismatch(expected: "dictionary", found: plist) }
        var result = [Key: Element](minimumCapacity: entries.count)
        for (text, item) in entries {
            guard let key = Key(text, radix: 10) else {
                throw AutoCodingError(.invalidValue, "key \"\(text)\" is not a \(Key.self)",
                                      expected: "\(Key.self) key", found: "\"\(text)\"")
            }
            do {
                result[key] = try element.decode(item, state)
            } catch let error as AutoCodingError {
                throw error.within(.key(text))
            }
        }
        return result
    }
}

/// A `RawRepresentable` type (typically an enum) as its raw value.
final class RawValueCoder<Represented: RawRepresentable>: ValueCoding, @unchecked Sendable {
    // @unchecked: `raw` is immutable and itself Sendable.
    let raw: any ValueCoding<Represented.RawValue>

    init(raw: any ValueCoding<Represented.RawValue>) { self.raw = raw }

    func encode(_ value: Represented, _ state: EncodingState) throws -> PropertyListValue {
        try raw.encode(value.rawValue, state)
    }

    func writeXML(_ value: Represented, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        try raw.writeXML(value.rawValue, to: &writer, state)
    }

    func write(_ value: Represented, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try raw.write(value.rawValue, to: &writer, state)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Represented {
        let rawValue = try raw.decode(plist, state)
        guard let value = Represented(rawValue: rawValue) else {
            throw AutoCodingError(.invalidValue, "\(Represented.self) has no value for raw value \(plist.autoCodingSummary)",
                                  expected: "\(Represented.self)", found: plist.autoCodingSummary)
        }
        return value
    }
}

/// `[String]`, common enough (tags, lines of text) to skip the generic element path.
final class StringArrayCoder: ValueCoding {
    func encode(_ value: [String], _ state: EncodingState) throws -> PropertyListValue {
        .array(value.map { .string($0) })
    }

    func writeXML(_ value: [String], to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.beginArray()
        for (position, item) in value.enumerated() {
            do {
                try writer.string(item)
            } catch let error as AutoCodingError {
                throw error.within(.index(position))
            }
        }
        writer.end()
    }

    func write(_ value: [String], to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        let start = writer.beginContainer()
        for item in value { writer.append(try writer.string(item)) }
        return try writer.endArray(start)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> [String] {
        guard case .array(let items) = plist else { throw AutoCodingError.mismatch(expected: "array", found: plist) }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw AutoCodingError.mismatch(expected: "string", found: item).within(.index(position))
            }
            result.append(text)
        }
        return result
    }
}

/// `String?`, the most common optional, without the generic wrapper.
final class OptionalStringCoder: ValueCoding {
    func isAbsent(_ value: String?) -> Bool { value == nil }

    func encode(_ value: String?, _ state: EncodingState) throws -> PropertyListValue {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        return .string(value)
    }

    func writeXML(_ value: String?, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        try writer.string(value)
    }

    func write(_ value: String?, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        return try writer.string(value)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> String? {
        guard case .string(let value) = plist else { throw AutoCodingError.mismatch(expected: "string", found: plist) }
        return value
    }
}
