import AutoCoding
import Foundation
import PropertyList

/// Reads a checked ``KeyedArchiveDocument`` into a ``KeyedArchiveGraph`` without Swift types.
///
/// Nothing is instantiated: custom classes become ``KeyedObject`` records, so any archive can be
/// inspected safely. A custom object is recorded when first referred to and its fields are read
/// later from a work list, so references back to it (cycles) resolve to its index and long chains
/// of objects cost no stack; only nesting of values recurses, bounded by the depth limit (and moved
/// to a fresh stack when the thread's runs low).
///
/// A Foundation collection referred to from many places is read once and its value shared; every
/// reference counts the whole collection against the expansion limit for the archive's size, so a
/// small archive of collections that each hold the next one twice is refused at once instead of
/// expanding without end.
struct KeyedGraphReader {
    private let document: KeyedArchiveDocument
    private var objects: [Int: KeyedObject] = [:]
    private var activeValues: Set<Int> = []
    /// Foundation collections read so far, by index, with the values each counted.
    private var collections: [Int: (value: KeyedValue, count: Int)] = [:]
    /// The values counted against ``maximumValues``.
    private var expanded = 0
    private let maximumValues: Int
    private let inputSize: Int
    private var stackLimit = StackGuard.limit()
    /// Custom objects recorded but whose fields are not read yet, most recent last.
    private var pending: [(index: Int, entries: PropertyListDictionary)] = []
    private var depth = 0

    /// The one keyed reader, for the Foundation value classes (`NSString`, `NSDate`, `NSData`,
    /// `NSURL`, `NSUUID`) with its checks; it is never asked for a custom type, so nothing is
    /// instantiated.
    private var typed: KeyedArchiveReader

    /// A reader of `document`, whose binary form `typed` reads.
    init(document: KeyedArchiveDocument, typed: KeyedArchiveReader, inputSize: Int) {
        self.document = document
        self.typed = typed
        self.inputSize = inputSize
        maximumValues = document.options.propertyList.expandedValueLimit(forInputOfSize: inputSize)
    }

    /// The graph of `document`, read with its binary form (written anew when `data` is not one).
    static func graph(of document: KeyedArchiveDocument, data: Data?) throws -> KeyedArchiveGraph {
        let binary = try data.flatMap { PropertyListFormat.detect($0) == .binary ? $0 : nil } ?? document.binaryDocument()
        return try binary.withUnsafeBytes { bytes in
            let typed: KeyedArchiveReader
            do {
                let scanner = try BinaryPropertyListScanner(bytes: bytes)
                typed = try KeyedArchiveReader(scanner: scanner, options: document.options.propertyList,
                                               maximumObjectCount: document.options.maximumObjectCount)
            } catch let error as PropertyListError {
                throw KeyedArchiveDocument.notAPropertyList(error)
            } catch let failure as KeyedArchiveReader.FormatFailure {
                throw KeyedArchiveError(failure)
            }
            var reader = KeyedGraphReader(document: document, typed: typed, inputSize: bytes.count)
            return try reader.read()
        }
    }

    /// The graph of the whole archive.
    mutating func read() throws -> KeyedArchiveGraph {
        let root = try value(.uid(UInt64(document.rootIndex)), parent: nil, key: KeyedArchiveFormat.rootKey)
        while let next = pending.popLast() {
            var fields: [(key: String, value: KeyedValue)] = []
            fields.reserveCapacity(next.entries.count)
            for (key, raw) in next.entries where key != KeyedArchiveFormat.classKey {
                fields.append((key, try value(raw, parent: next.index, key: key)))
            }
            objects[next.index]?.fields = fields
        }
        return KeyedArchiveGraph(root: root, objects: objects)
    }

    /// The value of `raw` (inline, or a UID) found in object `parent` under `key`.
    private mutating func value(_ raw: PropertyListValue, parent: Int?, key: String?) throws -> KeyedValue {
        guard case .uid(let uid) = raw else { return try inline(raw, parent: parent, key: key) }
        let index = try document.index(of: uid, from: parent, key: key)
        if index == 0 { return .null }
        let object = document.objects[index]
        guard case .dictionary(let entries) = object else { return try inline(object, parent: index, key: nil) }
        if objects[index] != nil { return .object(index) }
        guard depth < document.options.maximumDepth else {
            throw KeyedArchiveError(.depthLimitExceeded, "objects nest deeper than \(document.options.maximumDepth)", objectIndex: index)
        }
        depth += 1
        defer { depth -= 1 }
        let description = try document.classDescription(of: entries, at: index)
        guard let kind = description.foundation else { return try custom(entries, description, at: index) }
        guard activeValues.insert(index).inserted else {
            throw KeyedArchiveError(.valueCycle, "the \(description.name) at object \(index) contains itself", objectIndex: index)
        }
        defer { activeValues.remove(index) }
        if let shared = collections[index] {
            try count(shared.count, at: index)
            return shared.value
        }
        let mark = expanded
        let result: KeyedValue
        if StackGuard.isExhausted(below: stackLimit) {
            let saved = stackLimit
            defer { stackLimit = saved }
            result = try StackGuard.onFreshStack(unavailable: { failure in
                KeyedArchiveError(.depthLimitExceeded, "objects nest too deep to continue: no thread could be started "
                                    + "(error \(failure.code))", objectIndex: index)
            }) { limit in
                stackLimit = limit
                return try foundation(kind, entries, description, at: index)
            }
        } else {
            result = try foundation(kind, entries, description, at: index)
        }
        switch kind {
        case .array, .set, .orderedSet, .dictionary: collections[index] = (result, expanded - mark)
        default: break
        }
        return result
    }

    /// Counts `values` read (or handed out again) against the expansion limit.
    private mutating func count(_ values: Int, at index: Int) throws {
        let (total, overflow) = expanded.addingReportingOverflow(values)
        guard !overflow, total <= maximumValues else {
            throw KeyedArchiveError(.expansionLimitExceeded,
                                    "shared collections expand to more than \(maximumValues) values, the limit for "
                                        + "\(inputSize) bytes of input (each reference counts the whole collection)",
                                    objectIndex: index)
        }
        expanded = total
    }

    /// A scalar stored directly (a number stored inline with `encode(_:forKey:)`, or an `$objects` entry).
    private func inline(_ value: PropertyListValue, parent: Int?, key: String?) throws -> KeyedValue {
        switch value {
        case .string(let string): return .string(string)
        case .integer(let integer): return .integer(integer)
        case .real(let real): return .real(real)
        case .real32(let real): return .real(Double(real))
        case .bool(let bool): return .bool(bool)
        case .date(let date): return .date(date)
        case .data(let data): return .data(data)
        case .array, .dictionary, .uid:
            throw KeyedArchiveError(.malformedObject, "a bare \(value.typeName) where an object or a UID was expected",
                                    objectIndex: parent, key: key)
        }
    }

    private mutating func custom(_ entries: PropertyListDictionary, _ description: KeyedArchiveDocument.ClassDescription,
                                 at index: Int) throws -> KeyedValue {
        objects[index] = KeyedObject(index: index, className: description.name, classes: description.classes, fields: [])
        pending.append((index, entries))
        return .object(index)
    }

    private mutating func foundation(_ kind: FoundationClass, _ entries: PropertyListDictionary,
                                     _ description: KeyedArchiveDocument.ClassDescription, at index: Int) throws -> KeyedValue {
        switch kind {
        case .array, .set, .orderedSet:
            let references = try document.references(KeyedArchiveFormat.objectsField, in: entries, at: index)
            var elements: [KeyedValue] = []
            elements.reserveCapacity(references.count)
            try count(references.count, at: index)
            for reference in references {
                elements.append(try value(.uid(UInt64(reference)), parent: index, key: KeyedArchiveFormat.objectsField))
            }
            return kind == .set ? .set(elements) : .array(elements)
        case .dictionary:
            let keys = try document.references(KeyedArchiveFormat.keysField, in: entries, at: index)
            let values = try document.references(KeyedArchiveFormat.objectsField, in: entries, at: index)
            guard keys.count == values.count else {
                throw KeyedArchiveError(.malformedObject, "NS.keys has \(keys.count) entries, NS.objects \(values.count)", objectIndex: index)
            }
            try count(2 * keys.count, at: index)
            var result: [KeyedDictionaryEntry] = []
            result.reserveCapacity(keys.count)
            for (key, entry) in zip(keys, values) {
                result.append(KeyedDictionaryEntry(
                    key: try value(.uid(UInt64(key)), parent: index, key: KeyedArchiveFormat.keysField),
                    value: try value(.uid(UInt64(entry)), parent: index, key: KeyedArchiveFormat.objectsField)))
            }
            return .dictionary(result)
        case .null:
            return .null
        case .string, .date, .data, .url, .uuid:
            // The typed reader knows these shapes and their checks.
            let node = typed.node(forObject: index)
            do {
                switch kind {
                case .string: return .string(try typed.string(node))
                case .date: return .date(try typed.date(node))
                case .data: return .data(try typed.data(node))
                case .url: return .url(try typed.url(node))
                default: return .uuid(try typed.uuid(node))
                }
            } catch let error as AutoCodingError {
                throw KeyedArchiveError(.malformedObject, error.reason, objectIndex: index)
            }
        }
    }
}
