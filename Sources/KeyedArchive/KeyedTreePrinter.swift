import Foundation
import PropertyList

/// Writes a ``KeyedArchiveGraph`` as an indented tree (see ``KeyedArchiveGraph/treeDescription()``).
///
/// Iterative: the containers and objects being printed are kept on a stack of their own, so a chain
/// of any number of objects or a value of any depth prints without exhausting the thread's stack.
/// Indentation stops growing at ``PropertyListTreeFormatter/maximumIndentedLevels`` (deeper lines
/// say their level instead), so the text grows with the graph, not with the square of its depth.
struct KeyedTreePrinter {
    let graph: KeyedArchiveGraph
    let counts: [Int: Int]
    var output = ""
    private var printed: Set<Int> = []
    private var onPath: Set<Int> = []
    private let scalars = PropertyListTreeFormatter()
    private var stack: [Frame] = []

    /// A container or object whose children are being printed.
    private struct Frame {
        enum Children {
            case elements([KeyedValue])
            case entries([KeyedDictionaryEntry])
            case fields([(key: String, value: KeyedValue)], object: Int)
        }

        let children: Children
        let level: Int
        var position = 0
    }

    /// The most UTF-8 bytes of ``output``; printing stops once past it.
    let maximumLength: Int
    /// Whether printing stopped at ``maximumLength``.
    var isOverLimit: Bool { output.utf8.count > maximumLength }

    init(graph: KeyedArchiveGraph, counts: [Int: Int], maximumLength: Int) {
        self.graph = graph
        self.counts = counts
        self.maximumLength = maximumLength
    }

    /// Writes `value` from the current position, then its children indented at `level + 1`.
    mutating func write(_ value: KeyedValue, level: Int) {
        let base = stack.count
        start(value, level: level)
        while stack.count > base {
            if maximumLength != .max, isOverLimit {
                stack.removeSubrange(base...)
                return
            }
            let top = stack.count - 1
            let frame = stack[top]
            let level = frame.level + 1
            switch frame.children {
            case .elements(let elements) where frame.position < elements.count:
                stack[top].position += 1
                indent(level)
                output += "[\(frame.position)] "
                start(elements[frame.position], level: level)
            case .entries(let entries) where frame.position < entries.count:
                stack[top].position += 1
                indent(level)
                writeKey(entries[frame.position].key)
                start(entries[frame.position].value, level: level)
            case .fields(let fields, _) where frame.position < fields.count:
                stack[top].position += 1
                indent(level)
                output += scalars.string(for: .string(fields[frame.position].key)).dropFirst("string ".count).dropLast() + ": "
                start(fields[frame.position].value, level: level)
            default:
                if case .fields(_, let index) = frame.children { onPath.remove(index) }
                stack.removeLast()
            }
        }
    }

    /// Writes the line of `value`; a container or an object to expand is pushed for its children.
    private mutating func start(_ value: KeyedValue, level: Int) {
        switch value {
        case .null: output += "null\n"
        case .string(let string): scalar(.string(string))
        case .integer(let integer): scalar(.integer(integer))
        case .real(let real): scalar(.real(real))
        case .bool(let bool): scalar(.bool(bool))
        case .date(let date): scalar(.date(date))
        case .data(let data): scalar(.data(data))
        case .url(let url):
            output += "url "
            output += scalars.string(for: .string(url.absoluteString)).dropFirst("string ".count)
        case .uuid(let uuid): output += "uuid \(uuid.uuidString)\n"
        case .array(let elements):
            output += "array (\(elements.count))\n"
            stack.append(Frame(children: .elements(elements), level: level))
        case .set(let elements):
            output += "set (\(elements.count))\n"
            stack.append(Frame(children: .elements(elements), level: level))
        case .dictionary(let entries):
            output += "dict (\(entries.count))\n"
            stack.append(Frame(children: .entries(entries), level: level))
        case .object(let index):
            object(index, level: level)
        }
    }

    private mutating func object(_ index: Int, level: Int) {
        guard let object = graph.objects[index] else {
            output += "#\(index) (missing)\n"
            return
        }
        if onPath.contains(index) {
            output += "↻ #\(index) \(object.className) (back-reference)\n"
            return
        }
        if printed.contains(index) {
            output += "→ #\(index) \(object.className) (shared, shown above)\n"
            return
        }
        printed.insert(index)
        onPath.insert(index)
        let references = counts[index] ?? 0
        output += "#\(index) \(object.className)" + (references > 1 ? " (shared: \(references) references)" : "") + "\n"
        stack.append(Frame(children: .fields(object.fields, object: index), level: level))
    }

    private mutating func writeKey(_ key: KeyedValue) {
        if case .string(let string) = key {
            output += scalars.string(for: .string(string)).dropFirst("string ".count).dropLast() + ": "
            return
        }
        // Only the key's own line: its children, if any, are not printed.
        var inline = KeyedTreePrinter(graph: graph, counts: counts, maximumLength: .max)
        inline.start(key, level: 0)
        output += "key " + inline.output.split(separator: "\n", omittingEmptySubsequences: false)[0] + ": "
    }

    private mutating func scalar(_ value: PropertyListValue) {
        output += scalars.string(for: value)
    }

    private mutating func indent(_ level: Int) {
        let shown = min(level, PropertyListTreeFormatter.maximumIndentedLevels)
        output += String(repeating: " ", count: shown * 2)
        if level > shown { output += "(level \(level)) " }
    }
}
