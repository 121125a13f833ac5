/// Paths of a walk stored as parent links in flat arrays, so a deep walk shares prefixes instead
/// of copying them, and frees them without recursion.
struct PathArena {
    private var steps: [PropertyListChange.Step] = []
    private var parents: [Int] = []

    /// The root's link.
    static let root = -1

    /// A new link: `step` below `parent`.
    mutating func link(_ step: PropertyListChange.Step, below parent: Int) -> Int {
        steps.append(step)
        parents.append(parent)
        return steps.count - 1
    }

    /// The steps from the root to `link`.
    func path(to link: Int) -> [PropertyListChange.Step] {
        var result: [PropertyListChange.Step] = []
        var current = link
        while current != Self.root {
            result.append(steps[current])
            current = parents[current]
        }
        return result.reversed()
    }
}
