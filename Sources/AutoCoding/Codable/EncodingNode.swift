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

    /// The finished value, or `nil` when nothing was encoded.
    var value: PropertyListValue? {
        switch content {
        case .empty: return nil
        case .value(let value): return value
        case .keyed(let entries):
            var dictionary = PropertyListDictionary(minimumCapacity: entries.count)
            for entry in entries {
                if let value = entry.node.value { dictionary.updateValue(value, forKey: entry.key) }
            }
            return .dictionary(dictionary)
        case .unkeyed(let nodes):
            return .array(nodes.map { $0.value ?? .dictionary([:]) })
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
