extension KeyedArchiveGraph {
    /// Frees a graph without recursion.
    ///
    /// `KeyedValue` is a recursive enum: a value nested 100,000 collections deep (which the reader
    /// accepts) is freed one level per stack frame and overflows the stack. Code that holds the
    /// last reference to a graph it read passes it here (with `consume`); values still referenced
    /// elsewhere are only released.
    ///
    /// - Parameter graph: The graph.
    package static func release(_ graph: consuming KeyedArchiveGraph) {
        var pending: [KeyedValue] = [graph.root]
        for object in graph.objects.values {
            for field in object.fields { pending.append(field.value) }
        }
        graph = KeyedArchiveGraph(root: .null, objects: [:])
        while let next = pending.popLast() {
            switch consume next {
            case .array(var elements), .set(var elements):
                while let element = elements.popLast() { pending.append(element) }
            case .dictionary(var entries):
                while let entry = entries.popLast() {
                    pending.append(entry.key)
                    pending.append(entry.value)
                }
            default:
                break
            }
        }
    }
}
