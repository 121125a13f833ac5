extension PropertyListValue {
    /// Frees a tree without recursion.
    ///
    /// A tree freed normally releases its containers recursively, about 130 bytes of stack per
    /// level: a few thousand levels overflow a 512 KiB thread. Code that builds deep trees of its
    /// own frees them through this instead, holding the last reference (pass it with `consume`;
    /// subtrees still referenced elsewhere are only released here, not freed).
    /// - Parameter value: The tree.
    package static func release(_ value: consuming PropertyListValue) {
        var pending: [PropertyListValue] = [value]
        while let next = pending.popLast() {
            switch consume next {
            case .array(var items):
                while let item = items.popLast() {
                    if item.isContainer { pending.append(item) }
                }
            case .dictionary(var dictionary):
                dictionary.index.removeAll()
                while let entry = dictionary.entries.popLast() {
                    if entry.value.isContainer { pending.append(entry.value) }
                }
            default:
                break
            }
        }
    }

    /// Whether this is an array or a dictionary.
    var isContainer: Bool {
        switch self {
        case .array, .dictionary: return true
        default: return false
        }
    }
}
