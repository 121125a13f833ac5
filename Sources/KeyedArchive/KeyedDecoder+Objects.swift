import AutoCoding
import Foundation
import PropertyList

extension KeyedDecoder {
    /// The string of an `NSString` / `NSMutableString` object (`NS.string`, or UTF-8 `NS.bytes`).
    func foundationString(_ entries: PropertyListDictionary, at index: Int) throws -> String {
        let description = try document.classDescription(of: entries, at: index)
        guard description.foundation == .string else {
            throw KeyedArchiveError(.typeMismatch, "expected a string, found a \(description.name)", objectIndex: index)
        }
        if case .string(let string)? = entries[KeyedArchiveFormat.stringField] { return string }
        if case .data(let bytes)? = entries[KeyedArchiveFormat.bytesField], let string = String(bytes: bytes, encoding: .utf8) {
            return string
        }
        throw KeyedArchiveError(.malformedObject, "\(description.name) has neither NS.string nor UTF-8 NS.bytes", objectIndex: index)
    }

    /// The entries of an object of Foundation class `kind`.
    func foundationObject(_ kind: FoundationClass, _ value: PropertyListValue, _ index: Int?,
                          _ mismatch: (String) -> KeyedArchiveError) throws -> PropertyListDictionary {
        guard let index, case .dictionary(let entries) = value else { throw mismatch(kind.description.name) }
        let description = try document.classDescription(of: entries, at: index)
        guard description.foundation == kind else { throw mismatch("\(kind.description.name), not \(description.name)") }
        return entries
    }

    /// The URL of an `NSURL` object: `NS.relative` against `NS.base` (UID 0: no base).
    func url(_ entries: PropertyListDictionary, at index: Int) throws -> URL {
        var base: URL?
        if let baseReference = entries[KeyedArchiveFormat.baseField], baseReference != .uid(0) {
            base = try enterValue(index) {
                try decode(baseReference, .url, parent: index, key: KeyedArchiveFormat.baseField) as? URL
            }
        }
        guard let relativeReference = entries[KeyedArchiveFormat.relativeField] else {
            throw KeyedArchiveError(.malformedObject, "NSURL has no NS.relative", objectIndex: index, key: KeyedArchiveFormat.relativeField)
        }
        let relative = try decode(relativeReference, .string, parent: index, key: KeyedArchiveFormat.relativeField) as? String ?? ""
        guard let url = URL(string: relative, relativeTo: base) else {
            throw KeyedArchiveError(.malformedObject, "NS.relative \"\(relative)\" is not a URL", objectIndex: index,
                                    key: KeyedArchiveFormat.relativeField)
        }
        return url
    }

    /// A collection object of one of `kinds`, built by `body` with cycle and depth checks.
    func collection(_ value: PropertyListValue, _ index: Int?, _ kinds: [FoundationClass],
                    _ mismatch: (String) -> KeyedArchiveError,
                    _ body: (PropertyListDictionary, Int) throws -> Any) throws -> Any {
        guard let index, case .dictionary(let entries) = value else { throw mismatch(kinds[0].description.name) }
        let description = try document.classDescription(of: entries, at: index)
        guard let kind = description.foundation, kinds.contains(kind) else {
            throw mismatch("\(kinds[0].description.name), not \(description.name)")
        }
        return try enterValue(index) { try body(entries, index) }
    }

    /// The instance of a class object, created (if allowed) on first sight; its fields are filled
    /// later by ``decodeRoot(_:)``'s work list.
    func object(at index: Int, declared: KeyedTypeInfo, _ mismatch: (String) -> KeyedArchiveError) throws -> Any {
        guard case .dictionary(let entries) = document.objects[index] else { throw mismatch("a \(declared.type) object") }
        let info = try allowedInfo(of: entries, at: index, declared: declared)
        let instance = info.reflection.makeDefault()
        instances[index] = (instance, instance as AnyObject, info)
        pendingFills.append((index, entries))
        noteReference(to: index)
        return instance
    }

    /// A struct value: created (if allowed), filled, and its hooks run at once.
    func structValue(at index: Int, declared: KeyedTypeInfo, _ mismatch: (String) -> KeyedArchiveError) throws -> Any {
        guard case .dictionary(let entries) = document.objects[index] else { throw mismatch("a \(declared.type) value") }
        let info = try allowedInfo(of: entries, at: index, declared: declared)
        var instance = info.reflection.makeDefault()
        let unknown = try enterValue(index) { try fill(&instance, info, entries, at: index) }
        try Self.runValueHooks(&instance, unknown: unknown, index: index)
        return instance
    }

    private static func runValueHooks(_ instance: inout any AutoCodable, unknown: PropertyListDictionary, index: Int) throws {
        if !unknown.isEmpty { instance.autoCodingDidFindUnknownKeys(unknown) }
        do {
            try instance.autoCodingDidDecode()
        } catch {
            throw KeyedArchiveError(.hookFailed, "autoCodingDidDecode of \(type(of: instance)) failed: \(error)", objectIndex: index)
        }
    }

    /// The type `$classname` of the object at `index` names, if it is allowed and fits `declared`.
    private func allowedInfo(of entries: PropertyListDictionary, at index: Int, declared: KeyedTypeInfo?) throws -> KeyedTypeInfo {
        let description = try document.classDescription(of: entries, at: index)
        guard let info = allowed[description.name] else {
            throw KeyedArchiveError(.disallowedClass, "$classname \"\(description.name)\" is not among the types allowed to be unarchived",
                                    objectIndex: index)
        }
        if let declared, !declared.accepts(info) {
            throw KeyedArchiveError(.typeMismatch, "\"\(description.name)\" is a \(info.type), not a \(declared.type)", objectIndex: index)
        }
        return info
    }

    /// Reads the archived properties of object `index` into `instance`.
    ///
    /// - Returns: The entries no property claimed (`$class` excepted).
    func fill(_ instance: inout any AutoCodable, _ info: KeyedTypeInfo, _ entries: PropertyListDictionary,
              at index: Int) throws -> PropertyListDictionary {
        // One pass over the archived entries sorts them into field slots and unknown keys.
        var slots = [PropertyListValue?](repeating: nil, count: info.shapes.count)
        var unknown = PropertyListDictionary()
        for (key, value) in entries {
            if let position = info.positions[key] {
                slots[position] = value
            } else if key != KeyedArchiveFormat.classKey {
                unknown.updateValue(value, forKey: key)
            }
        }
        let fields = info.reflection.fields
        let shapes = info.shapes
        let read: (Int) throws -> Any? = { position in
            guard let raw = slots[position] else { return nil }
            return try self.decode(raw, shapes[position], parent: index, key: fields[position].key)
        }
        do {
            if let object = instances[index]?.object {
                try info.reflection.fill(object: object, read)
            } else {
                try info.reflection.fill(&instance, read)
            }
        } catch let error as AutoCodingError {
            throw KeyedArchiveError(.typeMismatch, "\(error)", objectIndex: index)
        }
        return unknown
    }

    /// A value behind `Any` or `any P`: its archived class decides what it becomes.
    func dynamic(_ raw: PropertyListValue, parent: Int?, key: String?) throws -> Any {
        var index: Int?
        var value = raw
        if case .uid(let uid) = raw {
            let resolved = try document.index(of: uid, from: parent, key: key)
            index = resolved
            value = document.objects[resolved]
        }
        switch value {
        case .string(let string): return index == 0 ? Optional<Any>.none as Any : string
        case .integer(let integer):
            if let exact = integer.exactly(Int.self) { return exact }
            return integer.uint64Value ?? 0
        case .real(let real): return real
        case .real32(let real): return real
        case .bool(let bool): return bool
        case .data(let data): return data
        case .date(let date): return date
        case .array, .uid:
            throw KeyedArchiveError(.malformedObject, "a bare \(value.typeName) is not an archived object", objectIndex: index ?? parent,
                                    key: index == nil ? key : nil)
        case .dictionary(let entries):
            guard let index else {
                throw KeyedArchiveError(.malformedObject, "an inline dictionary is not an archived object", objectIndex: parent, key: key)
            }
            let description = try document.classDescription(of: entries, at: index)
            let reference = PropertyListValue.uid(UInt64(index))
            switch description.foundation {
            case .string?: return try decode(reference, .string, parent: parent, key: key)
            case .date?: return try decode(reference, .date, parent: parent, key: key)
            case .data?: return try decode(reference, .data, parent: parent, key: key)
            case .url?: return try decode(reference, .url, parent: parent, key: key)
            case .uuid?: return try decode(reference, .uuid, parent: parent, key: key)
            case .null?: return Optional<Any>.none as Any
            case .array?, .set?, .orderedSet?:
                return try decode(reference, .array(.existential(Any.self), [Any].self), parent: parent, key: key)
            case .dictionary?:
                return try decode(reference, .dictionary(.existential(Any.self), [String: Any].self), parent: parent, key: key)
            case nil:
                if let known = instances[index] {
                    noteReference(to: index)
                    return known.instance
                }
                let info = try allowedInfo(of: entries, at: index, declared: nil)
                let mismatch = { (expected: String) in
                    KeyedArchiveError(.typeMismatch, "expected \(expected)", objectIndex: index)
                }
                return info.isClass ? try object(at: index, declared: info, mismatch) : try structValue(at: index, declared: info, mismatch)
            }
        }
    }

    /// Runs `body` one level deeper, refusing to pass the depth limit.
    func enter<R>(_ index: Int, _ body: () throws -> R) throws -> R {
        guard depth < document.options.maximumDepth else {
            throw KeyedArchiveError(.depthLimitExceeded, "objects nest deeper than \(document.options.maximumDepth)", objectIndex: index)
        }
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    /// Runs `body` for a value object (collection or struct), refusing one that contains itself.
    func enterValue<R>(_ index: Int, _ body: () throws -> R) throws -> R {
        guard activeValues.insert(index).inserted else {
            throw KeyedArchiveError(.valueCycle, "the value at object \(index) contains itself", objectIndex: index)
        }
        defer { activeValues.remove(index) }
        return try enter(index, body)
    }
}
