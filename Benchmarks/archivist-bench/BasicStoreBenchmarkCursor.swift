/// A step counter a benchmark closure advances on every call (closures cannot capture a `var`
/// they mutate once escaped).
final class BasicStoreBenchmarkCursor {
    private var step = 0

    /// The next step number.
    func next() -> Int {
        step &+= 1
        return step
    }
}
