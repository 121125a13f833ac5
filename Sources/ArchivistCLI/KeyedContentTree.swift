import KeyedArchive
import PropertyList

/// A keyed archive's object graph as a plain tree, so two archives compare by content instead of
/// by `$objects` numbering.
///
/// An object becomes a dictionary of its fields plus `$class`; an object met again (shared, or a
/// cycle) becomes the string `@N ClassName`, N counting objects in the order they are first met;
/// sets are sorted by their elements' canonical JSON; `nil` is the string `$null`; URLs and UUIDs
/// are their strings.
struct KeyedContentTree {
    /// Objects nested deeper than this are refused (the conversion recurses).
    static let maximumDepth = 2_000

    private let graph: KeyedArchiveGraph
    private var ordinals: [Int: Int] = [:]

    private init(graph: KeyedArchiveGraph) { self.graph = graph }

    /// The tree of `graph`.
    ///
    /// - Throws: ``CommandFailure`` when objects nest deeper than ``maximumDepth``.
    static func tree(of graph: KeyedArchiveGraph) throws(CommandFailure) -> PropertyListValue {
        var builder = KeyedContentTree(graph: graph)
        return try builder.convert(graph.root, depth: 0)
    }

    private mutating func convert(_ value: KeyedValue, depth: Int) throws(CommandFailure) -> PropertyListValue {
        guard depth < Self.maximumDepth else {
            throw CommandFailure("the keyed archive nests deeper than \(Self.maximumDepth) levels, too deep to compare")
        }
        switch value {
        case .null: return .string("$null")
        case .string(let string): return .string(string)
        case .integer(let integer): return .integer(integer)
        case .real(let real): return .real(real)
        case .bool(let bool): return .bool(bool)
        case .date(let date): return .date(date)
        case .data(let data): return .data(data)
        case .url(let url): return .string(url.absoluteString)
        case .uuid(let uuid): return .string(uuid.uuidString)
        case .array(let elements):
            var result: [PropertyListValue] = []
            for element in elements { result.append(try convert(element, depth: depth + 1)) }
            return .array(result)
        case .set(let elements):
            var result: [PropertyListValue] = []
            for element in elements { result.append(try convert(element, depth: depth + 1)) }
            return .array(result.sorted { $0.canonicalJSON() < $1.canonicalJSON() })
        case .dictionary(let entries):
            var result = PropertyListDictionary()
            for entry in entries {
                let key = try convert(entry.key, depth: depth + 1)
                result[key.stringValue ?? key.canonicalJSON()] = try convert(entry.value, depth: depth + 1)
            }
            return .dictionary(result)
        case .object(let index):
            guard let object = graph.objects[index] else { return .string("@? missing object \(index)") }
            if let ordinal = ordinals[index] { return .string("@\(ordinal) \(object.className)") }
            ordinals[index] = ordinals.count + 1
            var result = PropertyListDictionary()
            result["$class"] = .string(object.className)
            for field in object.fields { result[field.key] = try convert(field.value, depth: depth + 1) }
            return .dictionary(result)
        }
    }
}
