import Foundation
import PropertyList

extension KeyedDecoder {
    /// A number or Boolean of a numeric shape.
    @inline(never)
    func number(_ site: KeyedSite, _ shape: KeyedShape) throws -> Any {
        let value = site.value
        switch shape {
        case .int:
            if case .integer(let integer) = value, let result = integer.exactly(Int.self) { return result }
            throw site.mismatch("an Int")
        case .integer(let type):
            if case .integer(let integer) = value, let result = Self.integer(integer, type) { return result }
            throw site.mismatch("a \(type)")
        case .double, .float:
            var result: Double?
            switch value {
            case .real(let real): result = real
            case .real32(let real): result = Double(real)
            case .integer(let integer): result = integer.int64Value.map(Double.init) ?? integer.uint64Value.map(Double.init)
            default: break
            }
            guard let result else { throw site.mismatch(shape.isFloat ? "a Float" : "a Double") }
            return shape.isFloat ? Float(result) as Any : result as Any
        default:
            switch value {
            case .bool(let bool): return bool
            // Objective-C BOOL properties boxed by key-value coding arrive as char-typed 0/1.
            case .integer(let integer) where integer.int64Value == 0 || integer.int64Value == 1: return integer.int64Value == 1
            default: throw site.mismatch("a Bool")
            }
        }
    }

    private static func integer<I: FixedWidthInteger>(_ integer: PropertyListInteger, _ type: I.Type) -> Any? {
        integer.exactly(I.self)
    }

    /// A string, data, date, URL or UUID, stored inline or as its Foundation class.
    @inline(never)
    func foundationValue(_ site: KeyedSite, _ shape: KeyedShape) throws -> Any {
        let value = site.value
        switch shape {
        case .string:
            if case .string(let string) = value { return string }
            guard let index = site.index, case .dictionary(let entries) = value else { throw site.mismatch("a string") }
            return try foundationString(entries, at: index)
        case .data:
            if case .data(let data) = value { return data }
            let entries = try foundationObject(.data, value, site.index, site.mismatch)
            guard case .data(let data)? = entries[KeyedArchiveFormat.dataField] else {
                throw KeyedArchiveError(.malformedObject, "NSData has no NS.data bytes", objectIndex: site.index,
                                        key: KeyedArchiveFormat.dataField)
            }
            return data
        case .date:
            if case .date(let date) = value { return date }
            let entries = try foundationObject(.date, value, site.index, site.mismatch)
            switch entries[KeyedArchiveFormat.timeField] {
            case .real(let time)?: return Date(timeIntervalSinceReferenceDate: time)
            case .integer(let time)?: if let exact = time.int64Value { return Date(timeIntervalSinceReferenceDate: Double(exact)) }
            default: break
            }
            throw KeyedArchiveError(.malformedObject, "NSDate has no NS.time number", objectIndex: site.index,
                                    key: KeyedArchiveFormat.timeField)
        case .url:
            return try url(foundationObject(.url, value, site.index, site.mismatch), at: site.index ?? 0)
        default:
            let entries = try foundationObject(.uuid, value, site.index, site.mismatch)
            guard case .data(let bytes)? = entries[KeyedArchiveFormat.uuidField], bytes.count == 16 else {
                throw KeyedArchiveError(.malformedObject, "NSUUID has no 16 NS.uuidbytes", objectIndex: site.index,
                                        key: KeyedArchiveFormat.uuidField)
            }
            var uuid = UUID().uuid
            withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
            return UUID(uuid: uuid)
        }
    }

    /// An array, set or dictionary, from any of Foundation's collection classes that fits.
    @inline(never)
    func collectionValue(_ site: KeyedSite, _ shape: KeyedShape) throws -> Any {
        switch shape {
        case .array(let element, let marker):
            return try collection(site.value, site.index, [.array, .set, .orderedSet], site.mismatch) { entries, at in
                let references = try document.references(KeyedArchiveFormat.objectsField, in: entries, at: at)
                let built = try marker.build(count: references.count) {
                    try decode(.uid(UInt64(references[$0])), element, parent: at, key: KeyedArchiveFormat.objectsField)
                }
                guard let built else { throw site.mismatch("elements of \(element)") }
                return built
            }
        case .set(let element, let marker):
            return try collection(site.value, site.index, [.set, .array, .orderedSet], site.mismatch) { entries, at in
                let references = try document.references(KeyedArchiveFormat.objectsField, in: entries, at: at)
                let built = try marker.build(count: references.count) {
                    try decode(.uid(UInt64(references[$0])), element, parent: at, key: KeyedArchiveFormat.objectsField)
                }
                guard let built else { throw site.mismatch("elements of \(element)") }
                return built
            }
        case .dictionary(let element, let marker):
            return try collection(site.value, site.index, [.dictionary], site.mismatch) { entries, at in
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
                guard let built else { throw site.mismatch("entries of \(element)") }
                return built
            }
        default:
            throw site.mismatch("a collection")
        }
    }
}
