import PropertyList

/// A mutable node of the tree a `Codable` value encodes into; containers share nodes by reference
/// (as `Encoder` requires) and the tree is read back once encoding ends.
final class EncodingNode {
    enum Content {
        case empty
        case value(PropertyListValue)
        case keyed([(key: String, node: EncodingNode)])
        case unkeyed([EncodingNode])
    }

    var content: Content = .empty

    /// The finished tree, or `nil` when nothing was encoded.
    ///
    /// Built without recursion, emptying the nodes on the way, so neither building nor freeing a
    /// deep tree (a recursive enum thousands of levels deep) uses stack in proportion to its depth.
    func finish() -> PropertyListValue? {
        var stack: [Frame] = []
        var result: PropertyListValue?
        var next: EncodingNode? = self
        while true {
            if let node = next {
                next = nil
                let content = node.content
                node.content = .empty
                switch content {
                case .empty:
                    Self.add(nil, to: &stack, result: &result)
                case .value(let value):
                    Self.add(value, to: &stack, result: &result)
                case .keyed(let entries):
                    stack.append(Frame(keys: entries.map(\.key), children: entries.map(\.node), isKeyed: true))
                case .unkeyed(let nodes):
                    stack.append(Frame(keys: [], children: nodes, isKeyed: false))
                }
            }
            guard let top = stack.indices.last else { return result }
            if stack[top].position < stack[top].children.count {
                next = stack[top].children[stack[top].position]
                stack[top].position += 1
                continue
            }
            let frame = stack.removeLast()
            Self.add(frame.isKeyed ? .dictionary(frame.dictionary) : .array(frame.array), to: &stack, result: &result)
        }
    }

    /// A keyed or unkeyed node whose children are being turned into values.
    private struct Frame {
        let keys: [String]
        let children: [EncodingNode]
        let isKeyed: Bool
        var position = 0
        var dictionary = PropertyListDictionary()
        var array: [PropertyListValue] = []
    }

    /// Adds the finished value of the child just visited to its parent (`nil`: nothing encoded).
    private static func add(_ value: PropertyListValue?, to stack: inout [Frame], result: inout PropertyListValue?) {
        guard let top = stack.indices.last else {
            result = value
            return
        }
        if stack[top].isKeyed {
            // A key whose value encoded nothing is left out.
            if let value { stack[top].dictionary.updateValue(value, forKey: stack[top].keys[stack[top].position - 1]) }
        } else {
            stack[top].array.append(value ?? .dictionary([:]))
        }
    }

    /// The child node for `key`, created (or replaced) in a keyed node.
    func child(forKey key: String) -> EncodingNode {
        let node = EncodingNode()
        guard case .keyed(var entries) = content else {
            content = .keyed([(key, node)])
            return node
        }
        content = .empty // keep `entries` uniquely referenced while appending
        if let position = entries.firstIndex(where: { $0.key == key }) {
            entries[position].node = node
        } else {
            entries.append((key, node))
        }
        content = .keyed(entries)
        return node
    }

    /// A new child node appended to an unkeyed node.
    func appendChild() -> EncodingNode {
        let node = EncodingNode()
        guard case .unkeyed(var nodes) = content else {
            content = .unkeyed([node])
            return node
        }
        content = .empty
        nodes.append(node)
        content = .unkeyed(nodes)
        return node
    }
}
