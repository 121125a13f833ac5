import Foundation

/// ``PropertyListValue`` trees from an index: what ``XMLPropertyListReader`` returns, and what
/// AutoCoding keeps for unknown entries. Built with an explicit stack, so any depth the scanner
/// accepted is safe on any thread.
extension XMLPropertyListIndex {
    /// An open container and what has been built of it so far.
    private struct Frame {
        let node: Node
        /// The next child to build (an entry, in a dictionary).
        var next = 0
        var elements: [PropertyListValue] = []
        var dictionary = PropertyListDictionary()
        /// The key of the entry being built.
        var pendingKey = ""

        init(_ node: Node) {
            self.node = node
            if node.kind == .array {
                elements.reserveCapacity(node.count)
            } else {
                dictionary = PropertyListDictionary(minimumCapacity: node.count)
            }
        }

        mutating func add(_ value: PropertyListValue) {
            if node.kind == .array {
                elements.append(value)
            } else {
                // The index holds each key once already.
                dictionary.appendUnique(key: pendingKey, value: value)
            }
        }

        func finish() -> PropertyListValue {
            node.kind == .array ? .array(elements) : .dictionary(dictionary)
        }
    }

    /// The root value as a tree.
    package func tree() -> PropertyListValue { tree(of: root) }

    /// The value of `node` as a tree.
    package func tree(of node: Node) -> PropertyListValue {
        guard node.kind == .array || node.kind == .dictionary, node.count > 0 else { return scalar(node) }
        var stack = [Frame(node)]
        while true {
            let top = stack.count - 1
            let container = stack[top].node
            let next = stack[top].next
            guard next < container.count else {
                let finished = stack.removeLast().finish()
                guard !stack.isEmpty else { return finished }
                stack[stack.count - 1].add(finished)
                continue
            }
            stack[top].next = next + 1
            let child: Node
            if container.kind == .array {
                child = self.child(container, next)
            } else {
                stack[top].pendingKey = string(self.child(container, 2 * next))
                child = self.child(container, 2 * next + 1)
            }
            if (child.kind == .array || child.kind == .dictionary) && child.count > 0 {
                stack.append(Frame(child))
            } else {
                stack[top].add(scalar(child))
            }
        }
    }

    /// A value that holds no other: a scalar or an empty container.
    private func scalar(_ node: Node) -> PropertyListValue {
        switch node.kind {
        case .array: return .array([])
        case .dictionary: return .dictionary(PropertyListDictionary())
        case .string: return .string(string(node))
        case .integer: return .integer(Self.integer(node))
        case .real: return .real(Self.real(node))
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .date: return .date(Self.date(node))
        case .data: return .data(data(node))
        case .uid: return .uid(node.payload)
        }
    }
}
