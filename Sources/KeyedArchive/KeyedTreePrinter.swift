import Foundation
import PropertyList

/// Writes a ``KeyedArchiveGraph`` as an indented tree (see ``KeyedArchiveGraph/treeDescription()``).
struct KeyedTreePrinter {
    let graph: KeyedArchiveGraph
    let counts: [Int: Int]
    var output = ""
    private var printed: Set<Int> = []
    private var onPath: Set<Int> = []
    private let scalars = PropertyListTreeFormatter()

    init(graph: KeyedArchiveGraph, counts: [Int: Int]) {
        self.graph = graph
        self.counts = counts
    }

    /// Writes `value` from the current position, then its children indented at `level + 1`.
    mutating func write(_ value: KeyedValue, level: Int) {
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
        case .array(let elements), .set(let elements):
            if case .set = value { output += "set (\(elements.count))\n" } else { output += "array (\(elements.count))\n" }
            for (position, element) in elements.enumerated() {
                indent(level + 1)
                output += "[\(position)] "
                write(element, level: level + 1)
            }
        case .dictionary(let entries):
            output += "dict (\(entries.count))\n"
            for entry in entries {
                indent(level + 1)
                writeKey(entry.key)
                write(entry.value, level: level + 1)
            }
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
        defer { onPath.remove(index) }
        let references = counts[index] ?? 0
        output += "#\(index) \(object.className)" + (references > 1 ? " (shared: \(references) references)" : "") + "\n"
        for field in object.fields {
            indent(level + 1)
            output += scalars.string(for: .string(field.key)).dropFirst("string ".count).dropLast() + ": "
            write(field.value, level: level + 1)
        }
    }

    private mutating func writeKey(_ key: KeyedValue) {
        if case .string(let string) = key {
            output += scalars.string(for: .string(string)).dropFirst("string ".count).dropLast() + ": "
        } else {
            var inline = KeyedTreePrinter(graph: graph, counts: counts)
            inline.write(key, level: 0)
            output += "key " + inline.output.split(separator: "\n", omittingEmptySubsequences: false)[0] + ": "
        }
    }

    private mutating func scalar(_ value: PropertyListValue) {
        output += scalars.string(for: value)
    }

    private mutating func indent(_ level: Int) {
        output += String(repeating: " ", count: level * 2)
    }
}
