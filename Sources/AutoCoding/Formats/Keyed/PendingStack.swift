/// The entries of the open frames of a ``KeyedArchiveWriter``, innermost last.
///
/// Closing a frame moves its entries out and sets the count back; the array keeps its length, and
/// later entries overwrite the old ones, so no removal runs per frame (removing the tail of an
/// array took more work than moving it).
struct PendingStack<Element> {
    /// The entries, valid below ``count``.
    private var storage: [Element] = []
    /// The number of entries.
    private(set) var count = 0

    @inline(__always)
    mutating func append(_ element: Element) {
        if count < storage.count {
            storage[count] = element
        } else {
            storage.append(element)
        }
        count += 1
    }

    /// The entry at `index`, below ``count``.
    @inline(__always)
    subscript(index: Int) -> Element {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// Moves the entries from `start` on to the end of `target`, and drops them.
    @inline(__always)
    mutating func move(from start: Int, to target: inout [Element]) {
        guard start >= 0, start < count else { return }
        for index in start..<count { target.append(storage[index]) }
        count = start
    }
}
