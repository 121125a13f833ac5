import AutoCoding
import Foundation
import PropertyList

/// Rebuilds Swift values of declared types from a checked ``KeyedArchiveDocument``.
///
/// Class instances are created once per `$objects` index: the default instance is made and
/// remembered when the object is first referred to, and its fields are filled later from a work
/// list — so references back to it (cycles) find it, and long chains of objects cost no stack.
/// Only nesting of values (collections, structs) recurses, bounded by the depth limit. The
/// `autoCodingDidFindUnknownKeys` and `autoCodingDidDecode` hooks of class instances run in
/// ``runHooks()`` once the whole graph is filled, children before parents (a post-order of the
/// object references; in a cycle, the object reached first runs last).
final class KeyedDecoder {
    let document: KeyedArchiveDocument
    /// The types that may be instantiated, by every name they are read from.
    let allowed: [String: KeyedTypeInfo]
    /// Class instances by object index (one slot per `$objects` entry), with their type's info.
    var instances: [(instance: any AutoCodable, object: AnyObject, info: KeyedTypeInfo)?]
    /// Objects created but not yet filled, most recent last.
    var pendingFills: [(index: Int, entries: PropertyListDictionary)] = []
    /// Filled objects, in fill order.
    var filled: [Int] = []
    /// The object indexes each filled object refers to (through its fields and their values),
    /// by object index.
    var references: [[Int]]
    /// The object whose fields are being filled.
    var currentObject: Int?
    /// Unknown entries of each filled object, for its hook.
    var unknownEntries: [Int: PropertyListDictionary] = [:]
    var activeValues: Set<Int> = []
    var depth = 0

    init(document: KeyedArchiveDocument, allowed: [String: KeyedTypeInfo]) {
        self.document = document
        self.allowed = allowed
        instances = Array(repeating: nil, count: document.objects.count)
        references = Array(repeating: [], count: document.objects.count)
    }

    /// The root value as a `shape`, with every object it reaches filled.
    func decodeRoot(_ shape: KeyedShape) throws -> Any {
        let root = try decode(.uid(UInt64(document.rootIndex)), shape, parent: nil, key: KeyedArchiveFormat.rootKey)
        while let next = pendingFills.popLast() {
            guard let known = instances[next.index] else { continue }
            var instance = known.instance
            currentObject = next.index
            defer { currentObject = nil }
            let unknown = try fill(&instance, known.info, next.entries, at: next.index)
            if !unknown.isEmpty { unknownEntries[next.index] = unknown }
            filled.append(next.index)
        }
        return root
    }

    /// Records that the object being filled refers to object `index`.
    func noteReference(to index: Int) {
        guard let currentObject else { return }
        references[currentObject].append(index)
    }

    /// Runs the hooks of every filled class instance, children before parents.
    func runHooks() throws {
        var visited: Set<Int> = []
        var order: [Int] = []
        order.reserveCapacity(filled.count)
        for start in filled where visited.insert(start).inserted {
            // Iterative post-order: a node is emitted once all the nodes it refers to are.
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            while var top = stack.popLast() {
                let children = references[top.node]
                if top.next < children.count {
                    let child = children[top.next]
                    top.next += 1
                    stack.append(top)
                    if visited.insert(child).inserted { stack.append((child, 0)) }
                } else {
                    order.append(top.node)
                }
            }
        }
        for index in order {
            guard var instance = instances[index]?.instance else { continue }
            try Self.runHooks(&instance, unknown: unknownEntries[index] ?? PropertyListDictionary(), index: index)
        }
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
    ///
    /// Kept small: each kind of shape is decoded by its own function, so the frames that nested
    /// values stack up stay small even in unoptimized builds.
    func decode(_ raw: PropertyListValue, _ shape: KeyedShape, parent: Int?, key: String?) throws -> Any {
        let site = try resolve(raw, parent: parent, key: key)
        if site.index == 0 {
            if case .optional(_, let marker) = shape { return marker.absent }
            throw site.mismatch("a value of \(shape)")
        }
        switch shape {
        case .int, .integer, .double, .float, .bool:
            return try number(site, shape)
        case .string, .data, .date, .url, .uuid:
            return try foundationValue(site, shape)
        case .array, .set, .dictionary:
            return try collectionValue(site, shape)
        case .optional(let wrapped, let marker):
            if let index = site.index, case .dictionary(let entries) = site.value,
               try document.classDescription(of: entries, at: index).foundation == .null {
                return marker.absent
            }
            return try decode(raw, wrapped, parent: parent, key: key)
        case .rawValue(let rawShape, let marker):
            let rawValue = try decode(raw, rawShape, parent: parent, key: key)
            guard let result = marker.make(raw: rawValue) else { throw site.mismatch("a raw value of \(shape), not \(rawValue)") }
            return result
        case .object(let declared):
            guard let index = site.index else { throw site.mismatch("a UID of a \(declared.type) object") }
            if let known = instances[index] {
                guard declared.accepts(known.info) else { throw site.mismatch("a \(declared.type)") }
                noteReference(to: index)
                return known.instance
            }
            return try object(at: index, declared: declared, site.mismatch)
        case .value(let declared):
            guard let index = site.index else { throw site.mismatch("a UID of a \(declared.type) value") }
            return try structValue(at: index, declared: declared, site.mismatch)
        case .existential:
            return try dynamic(raw, parent: parent, key: key)
        }
    }

    /// Where a value was found: `raw` itself, or the `$objects` entry its UID names.
    func resolve(_ raw: PropertyListValue, parent: Int?, key: String?) throws -> KeyedSite {
        guard case .uid(let uid) = raw else { return KeyedSite(value: raw, index: nil, parent: parent, key: key) }
        let index = try document.index(of: uid, from: parent, key: key)
        return KeyedSite(value: document.objects[index], index: index, parent: parent, key: key)
    }
}
