/// The path of an ``AutoCodingError`` as errors build it: a chain of steps, outermost first.
///
/// An error gains one step per level as it travels out of a value, so a value nested 100,000
/// deep adds 100,000 steps: prepending to a shared chain costs O(1) each, where an array in a
/// value that is copied at each level would cost O(depth) each. Freeing a long chain is iterative.
struct ErrorPath: Sendable, Hashable {
    private var head: Link?
    /// The number of steps.
    private(set) var count = 0

    init() {}

    init(_ components: [AutoCodingError.PathComponent]) {
        for component in components.reversed() { prepend(component) }
    }

    /// Adds `component` as the new outermost step.
    mutating func prepend(_ component: AutoCodingError.PathComponent) {
        head = Link(component, next: head)
        count += 1
    }

    /// The outermost step.
    var outermost: AutoCodingError.PathComponent? { head?.component }

    /// The steps, outermost first.
    var components: [AutoCodingError.PathComponent] {
        var result: [AutoCodingError.PathComponent] = []
        result.reserveCapacity(count)
        var link = head
        while let current = link {
            result.append(current.component)
            link = current.next
        }
        return result
    }

    static func == (lhs: ErrorPath, rhs: ErrorPath) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var left = lhs.head, right = rhs.head
        while let l = left, let r = right {
            if l === r { return true }
            if l.component != r.component { return false }
            left = l.next
            right = r.next
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var link = head
        while let current = link {
            hasher.combine(current.component)
            link = current.next
        }
    }

    /// One step and the steps inside it.
    private final class Link: @unchecked Sendable {
        // @unchecked: `next` is written only by `deinit`, when nothing else refers to this link.
        let component: AutoCodingError.PathComponent
        var next: Link?

        init(_ component: AutoCodingError.PathComponent, next: Link?) {
            self.component = component
            self.next = next
        }

        deinit {
            // Unlink the rest while this is its only owner, so freeing a long path never recurses.
            var rest = next.take()
            while var link = rest.take() {
                guard isKnownUniquelyReferenced(&link) else { break }
                rest = link.next.take()
            }
        }
    }
}
