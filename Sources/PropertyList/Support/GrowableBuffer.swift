import Foundation

/// A growable array of plain values for writers' hot paths: no reference counting, uniqueness or
/// bounds checks per element (indexes are the writer's own bookkeeping, never input), and no trap
/// when memory runs out — appends then stop and ``failed`` says so, for the writer to report as a
/// typed error when it finishes.
package struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>?
    private var capacity: Int
    /// The number of elements.
    package private(set) var count: Int = 0
    /// Whether an allocation failed (elements appended since were dropped).
    package private(set) var failed = false

    /// Creates an empty buffer with room for `capacity` elements.
    package init(capacity: Int = 16) {
        self.capacity = 0
        base = nil
        reserve(Swift.max(capacity, 16))
    }

    /// Creates an empty buffer with room for exactly `capacity` elements (at least 16), for
    /// callers that know how many they will need: the first allocation is not rounded up.
    package init(exactCapacity capacity: Int) {
        self.capacity = 0
        base = nil
        grow(to: Swift.max(capacity, 16), exactly: true)
    }

    deinit { free(base) }

    /// Makes room for `additional` more elements.
    package mutating func reserve(_ additional: Int) {
        let (needed, overflow) = count.addingReportingOverflow(additional)
        guard !overflow else {
            failed = true
            return
        }
        if needed > capacity { grow(to: needed) }
    }

    private mutating func grow(to needed: Int, exactly: Bool = false) {
        var newCapacity = exactly ? needed : Swift.max(capacity, 16)
        while newCapacity < needed {
            let (doubled, overflow) = newCapacity.multipliedReportingOverflow(by: 2)
            newCapacity = overflow ? needed : doubled
        }
        let (bytes, overflow) = newCapacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let grown = realloc(base, bytes) else {
            failed = true
            return
        }
        base = grown.assumingMemoryBound(to: Element.self)
        capacity = newCapacity
    }

    /// Appends an element (dropped after an allocation failure).
    @inline(__always)
    package mutating func append(_ element: Element) {
        if count == capacity {
            grow(to: count + 1)
            guard count < capacity else { return }
        }
        base.unsafelyUnwrapped[count] = element
        count += 1
    }

    /// The element at `index`, which must be below ``count``.
    @inline(__always)
    package subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "GrowableBuffer index out of range")
            return base.unsafelyUnwrapped[index]
        }
        set {
            assert(index >= 0 && index < count, "GrowableBuffer index out of range")
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    /// Drops the elements from `start` on.
    package mutating func removeSuffix(from start: Int) {
        assert(start >= 0 && start <= count)
        count = start
    }

    /// Appends `repeated` copies of `element`.
    package mutating func append(_ element: Element, count repeated: Int) {
        reserve(repeated)
        guard count + repeated <= capacity, let base else { return }
        (base + count).initialize(repeating: element, count: repeated)
        count += repeated
    }

    /// Appends the elements of `other` from `start` on.
    package mutating func append(contentsOf other: borrowing GrowableBuffer<Element>, from start: Int) {
        let added = other.count - start
        guard added > 0 else { return }
        reserve(added)
        guard count + added <= capacity, let base, let source = other.base else { return }
        (base + count).update(from: source + start, count: added)
        count += added
    }

    /// Ends the buffer and hands its memory (`nil` when nothing was ever allocated; to be freed
    /// with `free`) and element count to the caller.
    package consuming func takeMemory() -> (base: UnsafeMutablePointer<Element>?, count: Int) {
        let memory = (base, count)
        discard self
        return memory
    }

    /// Reads the elements.
    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
