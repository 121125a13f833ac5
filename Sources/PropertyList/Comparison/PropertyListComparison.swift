/// Compares two property-list trees by content, key path by key path.
///
/// Dictionaries are matched by key (order ignored; reported in the old side's key order, then the
/// keys only the new side has); arrays position by position, with extra elements reported as
/// added or removed. Reals and dates compare by bit pattern and strings by Unicode scalars, like
/// `PropertyListValue`'s `==`, except that a 32-bit real equals the 64-bit real of the same number
/// (XML has no width, so a binary document and its XML conversion compare equal). The walk keeps
/// its own stack and visits each node once, so depth costs no call stack and time is linear.
package enum PropertyListComparison {
    /// The differences between `old` and `new`, in document order; empty when they are equal.
    ///
    /// - Parameters:
    ///   - old: The left-hand tree.
    ///   - new: The right-hand tree.
    ///   - limit: Stop after this many changes.
    /// - Returns: At most `limit` changes.
    package static func changes(from old: PropertyListValue, to new: PropertyListValue,
                                limit: Int = .max) -> [PropertyListChange] {
        var changes: [PropertyListChange] = []
        // Work still to do, last first: pairs to compare and changes already known, in report order.
        var arena = PathArena()
        var pending: [Work] = [.compare(old, new, PathArena.root)]
        while changes.count < limit, let work = pending.popLast() {
            switch work {
            case .report(let change):
                changes.append(change)
            case .compare(let left, let right, let link):
                pending.append(contentsOf: steps(left, right, at: link, in: &arena).reversed())
            }
        }
        return changes
    }

    private enum Work {
        case compare(PropertyListValue, PropertyListValue, Int)
        case report(PropertyListChange)
    }

    /// The work one pair gives, in report order.
    private static func steps(_ left: PropertyListValue, _ right: PropertyListValue, at link: Int,
                              in arena: inout PathArena) -> [Work] {
        switch (left, right) {
        case (.dictionary(let leftEntries), .dictionary(let rightEntries)):
            var work: [Work] = []
            for (key, value) in leftEntries {
                if let other = rightEntries[key] {
                    work.append(.compare(value, other, arena.link(.key(key), below: link)))
                } else {
                    work.append(.report(PropertyListChange(.removed, at: path(.key(key), below: link, in: &arena),
                                                           old: value, new: nil)))
                }
            }
            for (key, value) in rightEntries where leftEntries[key] == nil {
                work.append(.report(PropertyListChange(.added, at: path(.key(key), below: link, in: &arena),
                                                       old: nil, new: value)))
            }
            return work
        case (.array(let leftElements), .array(let rightElements)):
            var work: [Work] = []
            for (position, pair) in zip(leftElements, rightElements).enumerated() {
                work.append(.compare(pair.0, pair.1, arena.link(.index(position), below: link)))
            }
            for position in rightElements.count..<max(rightElements.count, leftElements.count) {
                work.append(.report(PropertyListChange(.removed, at: path(.index(position), below: link, in: &arena),
                                                       old: leftElements[position], new: nil)))
            }
            for position in leftElements.count..<max(rightElements.count, leftElements.count) {
                work.append(.report(PropertyListChange(.added, at: path(.index(position), below: link, in: &arena),
                                                       old: nil, new: rightElements[position])))
            }
            return work
        default:
            if left == right || sameReal(left, right) { return [] }
            let kind: PropertyListChange.Kind = sameType(left, right) ? .changed : .retyped
            return [.report(PropertyListChange(kind, at: arena.path(to: link), old: left, new: right))]
        }
    }

    /// The steps to a new child of `link` (the link is made before the path is read).
    private static func path(_ step: PropertyListChange.Step, below link: Int, in arena: inout PathArena) -> [PropertyListChange.Step] {
        let child = arena.link(step, below: link)
        return arena.path(to: child)
    }

    /// Whether two scalars have the same type; reals of either width are one type.
    private static func sameType(_ left: PropertyListValue, _ right: PropertyListValue) -> Bool {
        left.typeName == right.typeName
    }

    /// Whether a 32-bit and a 64-bit real hold the same number (binary keeps the width, XML cannot).
    private static func sameReal(_ left: PropertyListValue, _ right: PropertyListValue) -> Bool {
        switch (left, right) {
        case (.real32(let narrow), .real(let wide)), (.real(let wide), .real32(let narrow)):
            return Double(narrow).bitPattern == wide.bitPattern
        default:
            return false
        }
    }
}
