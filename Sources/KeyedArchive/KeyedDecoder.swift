import AutoCoding
import Foundation
import PropertyList

/// Rebuilds Swift values of declared types from a checked ``KeyedArchiveDocument``.
///
/// Class instances are created once per `$objects` index: the default instance is made and
/// remembered *before* its fields are read, so a reference back to it (a cycle) finds it. Their
/// `autoCodingDidFindUnknownKeys` and `autoCodingDidDecode` hooks are queued and run by
/// ``runHooks()`` once the whole graph is read, in the order the instances were completed
/// (children before parents where the graph has no cycle).
final class KeyedDecoder {
    let document: KeyedArchiveDocument
    /// The types that may be instantiated, by every name they are read from.
    let allowed: [String: KeyedTypeInfo]
    /// Class instances by object index, with their type's info.
    var instances: [Int: (instance: AnyObject, info: KeyedTypeInfo)] = [:]
    var pendingHooks: [(index: Int, instance: any AutoCodable, unknown: PropertyListDictionary)] = []
    var activeValues: Set<Int> = []
    var depth = 0

    init(document: KeyedArchiveDocument, allowed: [String: KeyedTypeInfo]) {
        self.document = document
        self.allowed = allowed
    }

    /// The root value as a `shape`.
    func decodeRoot(_ shape: KeyedShape) throws -> Any {
        try decode(.uid(UInt64(document.rootIndex)), shape, parent: nil, key: KeyedArchiveFormat.rootKey)
    }

    /// Runs the queued hooks of class instances.
    func runHooks() throws {
        for pending in pendingHooks {
            var instance = pending.instance
            try Self.runHooks(&instance, unknown: pending.unknown, index: pending.index)
        }
        pendingHooks.removeAll()
    }

    private static func runHooks(_ instance: inout any AutoCodable, unknown: PropertyListDictionary, index: Int) throws {
        if !unknown.isEmpty { instance.autoCodingDidFindUnknownKeys(unknown) }
        do {
            try instance.autoCodingDidDecode()
        } catch {
            throw KeyedArchiveError(.hookFailed, "autoCodingDidDecode of \(type(of: instance)) failed: \(error)", objectIndex: index)
        }
    }

    /// A value of declared shape `shape` from `raw`, a field value (inline, or a UID) of object
    /// `parent` under `key`.
    func decode(_ raw: PropertyListValue, _ shape: KeyedShape, parent: Int?, key: String?) throws -> Any {
        var index: Int?
        var value = raw
        if case .uid(let uid) = raw {
            let resolved = try document.index(of: uid, from: parent, key: key)
            index = resolved
            value = document.objects[resolved]
        }
        // `$null` (index 0) is reported at the object that refers to it.
        let location = index == 0 ? parent : index ?? parent
        let locationKey = index == nil || index == 0 ? key : nil
        func mismatch(_ expected: String) -> KeyedArchiveError {
            let found = index == 0 ? "nil ($null)" : "a \(value.typeName)"
            return KeyedArchiveError(.typeMismatch, "expected \(expected), found \(found)", objectIndex: location, key: locationKey)
        }
        if index == 0 {
            if case .optional(_, let marker) = shape { return marker.absent }
            throw mismatch("a value of \(shape)")
        }
        switch shape {
        case .int:
            guard case .integer(let integer) = value, let result = integer.exactly(Int.self) else { throw mismatch("an Int") }
            return result
        case .integer(let type):
            guard case .integer(let integer) = value, let result = Self.integer(integer, type) else { throw mismatch("a \(type)") }
            return result
        case .double:
            switch value {
            case .real(let real): return real
            case .real32(let real): return Double(real)
            case .integer(let integer):
                if let exact = integer.int64Value { return Double(exact) }
                if let exact = integer.uint64Value { return Double(exact) }
            default: break
            }
            throw mismatch("a Double")
        case .float:
            switch value {
            case .real(let real): return Float(real)
            case .real32(let real): return real
            case .integer(let integer): if let exact = integer.int64Value { return Float(exact) }
            default: break
            }
            throw mismatch("a Float")
        case .bool:
            switch value {
            case .bool(let bool): return bool
            // Objective-C BOOL properties boxed by key-value coding arrive as char-typed 0/1.
            case .integer(let integer) where integer.int64Value == 0 || integer.int64Value == 1: return integer.int64Value == 1
            default: throw mismatch("a Bool")
            }
        case .string:
            if case .string(let string) = value { return string }
            guard let index, case .dictionary(let entries) = value else { throw mismatch("a string") }
            return try foundationString(entries, at: index)
        case .data:
            if case .data(let data) = value { return data }
            guard let index, case .dictionary(let entries) = value else { throw mismatch("data") }
            let description = try document.classDescription(of: entries, at: index)
            guard description.foundation == .data else { throw mismatch("NSData, found \(description.name)") }
            guard case .data(let data)? = entries[KeyedArchiveFormat.dataField] else {
                throw KeyedArchiveError(.malformedObject, "NSData has no NS.data bytes", objectIndex: index, key: KeyedArchiveFormat.dataField)
            }
            return data
        case .date:
            if case .date(let date) = value { return date }
            let entries = try foundationObject(.date, value, index, mismatch)
            switch entries[KeyedArchiveFormat.timeField] {
            case .real(let time)?: return Date(timeIntervalSinceReferenceDate: time)
            case .integer(let time)?: if let exact = time.int64Value { return Date(timeIntervalSinceReferenceDate: Double(exact)) }
            default: break
            }
            throw KeyedArchiveError(.malformedObject, "NSDate has no NS.time number", objectIndex: index, key: KeyedArchiveFormat.timeField)
        case .url:
            return try url(foundationObject(.url, value, index, mismatch), at: index ?? 0)
        case .uuid:
            let entries = try foundationObject(.uuid, value, index, mismatch)
            guard case .data(let bytes)? = entries[KeyedArchiveFormat.uuidField], bytes.count == 16 else {
                throw KeyedArchiveError(.malformedObject, "NSUUID has no 16 NS.uuidbytes", objectIndex: index, key: KeyedArchiveFormat.uuidField)
            }
            var uuid = UUID().uuid
            withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
            return UUID(uuid: uuid)
        case .optional(let wrapped, let marker):
            if let index, case .dictionary(let entries) = value,
               try document.classDescription(of: entries, at: index).foundation == .null {
                return marker.absent
            }
            return try decode(raw, wrapped, parent: parent, key: key)
        case .rawValue(let rawShape, let marker):
            let rawValue = try decode(raw, rawShape, parent: parent, key: key)
            guard let result = marker.make(raw: rawValue) else {
                throw KeyedArchiveError(.typeMismatch, "\(rawValue) is not a raw value of \(shape)", objectIndex: location,
                                        key: locationKey)
            }
            return result
        case .array(let element, let marker):
            return try collection(value, index, [.array, .set, .orderedSet], mismatch) { entries, at in
                let references = try document.references(KeyedArchiveFormat.objectsField, in: entries, at: at)
                let built = try marker.build(count: references.count) {
                    try decode(.uid(UInt64(references[$0])), element, parent: at, key: KeyedArchiveFormat.objectsField)
                }
                guard let built else { throw mismatch("elements of \(element)") }
                return built
            }
        case .set(let element, let marker):
            return try collection(value, index, [.set, .array, .orderedSet], mismatch) { entries, at in
                let references = try document.references(KeyedArchiveFormat.objectsField, in: entries, at: at)
                let built = try marker.build(count: references.count) {
                    try decode(.uid(UInt64(references[$0])), element, parent: at, key: KeyedArchiveFormat.objectsField)
                }
                guard let built else { throw mismatch("elements of \(element)") }
                return built
            }
        case .dictionary(let element, let marker):
            return try collection(value, index, [.dictionary], mismatch) { entries, at in
                let keys = try document.references(KeyedArchiveFormat.keysField, in: entries, at: at)
                let values = try document.references(KeyedArchiveFormat.objectsField, in: entries, at: at)
                guard keys.count == values.count else {
                    throw KeyedArchiveError(.malformedObject, "NS.keys has \(keys.count) entries, NS.objects \(values.count)", objectIndex: at)
                }
                let built = try marker.build(count: keys.count) { position in
                    let key = try decode(.uid(UInt64(keys[position])), .string, parent: at, key: KeyedArchiveFormat.keysField)
                    let value = try decode(.uid(UInt64(values[position])), element, parent: at, key: KeyedArchiveFormat.objectsField)
                    return (key as? String ?? "", value)
                }
                guard let built else { throw mismatch("entries of \(element)") }
                return built
            }
        case .object(let declared):
            guard let index else { throw mismatch("a UID of a \(declared.type) object") }
            if let known = instances[index] {
                guard declared.accepts(known.info) else { throw mismatch("a \(declared.type)") }
                return known.instance
            }
            return try object(at: index, declared: declared, mismatch)
        case .value(let declared):
            guard let index else { throw mismatch("a UID of a \(declared.type) value") }
            return try structValue(at: index, declared: declared, mismatch)
        case .existential:
            return try dynamic(raw, parent: parent, key: key)
        }
    }

    private static func integer<I: FixedWidthInteger>(_ integer: PropertyListInteger, _ type: I.Type) -> Any? {
        integer.exactly(I.self)
    }
}
