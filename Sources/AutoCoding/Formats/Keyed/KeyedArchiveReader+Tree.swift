import Foundation
import PropertyList

extension KeyedArchiveReader {
    /// The value as a property-list tree: Foundation values as the values they stand for,
    /// references to custom objects as their UIDs.
    ///
    /// Built without recursion (a `Codable` value read from a keyed archive can nest as deep as the
    /// archive has objects); a collection that contains itself is a `cycle` error.
    package mutating func tree(_ root: Node) throws -> PropertyListValue {
        var stack: [TreeFrame] = []
        do {
            var pending: Node? = root
            var finished: PropertyListValue?
            while true {
                if let node = pending {
                    pending = nil
                    switch try treeStep(node) {
                    case .leaf(let value):
                        finished = value
                    case .container(let frame):
                        try enter(frame.node)
                        stack.append(frame)
                    }
                }
                if let value = finished {
                    finished = nil
                    guard let top = stack.indices.last else { return value }
                    try stack[top].add(value, in: &self)
                }
                guard let top = stack.indices.last else { continue }
                if let child = try stack[top].nextChild(in: &self) {
                    pending = child
                    continue
                }
                let frame = stack.removeLast()
                leave(frame.node)
                finished = frame.value
            }
        } catch {
            // Readers outlive a failed read (a property that cannot be read may keep its default).
            while let frame = stack.popLast() { leave(frame.node) }
            throw error
        }
    }

    /// What one node of a tree is: a finished value, or a collection whose children come next.
    private enum TreeStep {
        case leaf(PropertyListValue)
        case container(TreeFrame)
    }

    private mutating func treeStep(_ node: Node) throws -> TreeStep {
        let node = try resolve(node)
        if node.index == 0 { return .leaf(.string(NilMarker.null)) }
        guard node.object.isDictionary, node.index >= 0 else { return .leaf(try tree(of: node.object)) }
        switch try foundationClass(node) {
        case .string?: return .leaf(.string(try string(node)))
        case .date?: return .leaf(.date(try date(node)))
        case .data?: return .leaf(.data(try data(node)))
        case .url?: return .leaf(.string(try url(node).absoluteString))
        case .uuid?: return .leaf(.string(try uuid(node).uuidString))
        case .null?: return .leaf(.string(NilMarker.null))
        case .array?, .set?, .orderedSet?:
            return .container(TreeFrame(node: node, count: try elements(node).elements.count, isDictionary: false))
        case .dictionary?:
            return .container(TreeFrame(node: node, count: try keys(node).count, isDictionary: true))
        case nil:
            if !(try isClassed(node)) { return .leaf(try tree(of: node.object)) }
            return .leaf(.uid(UInt64(node.index)))
        }
    }

    /// A collection whose children are being read, in order.
    private struct TreeFrame {
        let node: Node
        let count: Int
        let isDictionary: Bool
        /// The child being read (a dictionary's key is read once its value is done).
        var position = 0
        var items: [PropertyListValue] = []
        var entries = PropertyListDictionary()
        /// The next child's node, or `nil` when every child is done.
        mutating func nextChild(in reader: inout KeyedArchiveReader) throws -> Node? {
            guard position < count else { return nil }
            return isDictionary ? try reader.value(node, at: position) : try reader.element(node, at: position)
        }

        /// Adds the value of the child at ``position`` (under its key, for a dictionary) and moves on.
        mutating func add(_ value: PropertyListValue, in reader: inout KeyedArchiveReader) throws {
            if isDictionary {
                entries.updateValue(value, forKey: try reader.key(node, at: position))
            } else {
                items.append(value)
            }
            position += 1
        }

        var value: PropertyListValue { isDictionary ? .dictionary(entries) : .array(items) }
    }
}
