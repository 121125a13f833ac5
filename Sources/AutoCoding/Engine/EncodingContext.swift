import PropertyList

/// The state of one archive being written, shared by every coder it reaches.
package final class EncodingContext {
    /// The engine that supplies coders of dynamic types.
    unowned let engine: AutoCodingEngine
    /// Registered names, read once per archive.
    let registry: AutoCodingRegistry.Snapshot
    /// Objects on the path from the root to the value being written, for cycle detection in
    /// formats that do not share objects.
    var activeObjects: Set<ObjectIdentifier> = []
    /// Whether `AutoCodable` values are read through `Mirror` instead of their plans' offsets (the
    /// reference path the offsets are tested against).
    let viaMirror: Bool
    /// How many containers enclose the value being written.
    private(set) var depth = 0
    /// The deepest nesting written.
    let maximumDepth: Int
    /// Where the current thread's stack runs out (see ``StackGuard``).
    private var stackLimit = StackGuard.limit()

    package init(engine: AutoCodingEngine, registry: AutoCodingRegistry.Snapshot, viaMirror: Bool = false,
         maximumDepth: Int = PropertyListReadingOptions.defaultMaximumDepth) {
        self.engine = engine
        self.registry = registry
        self.viaMirror = viaMirror
        self.maximumDepth = maximumDepth
    }

    /// Whether the value about to be written is the archive's root.
    var isAtRoot: Bool { depth == 0 }

    /// Runs `body`, which writes one container level, one level deeper: within the depth limit, and
    /// on a fresh stack when this one is nearly used up.
    ///
    /// - Throws: ``AutoCodingError/Kind/depthLimitExceeded`` past ``maximumDepth``, or what `body` throws.
    @inline(__always)
    func nested<Result>(_ body: () throws -> Result) throws -> Result {
        depth += 1
        defer { depth -= 1 }
        guard depth <= maximumDepth else {
            throw AutoCodingError(.depthLimitExceeded, "values nest deeper than the limit of \(maximumDepth) levels")
        }
        if StackGuard.isExhausted(below: stackLimit) { return try onFreshStack(body) }
        return try body()
    }

    private func onFreshStack<Result>(_ body: () throws -> Result) throws -> Result {
        let saved = stackLimit
        defer { stackLimit = saved }
        return try StackGuard.onFreshStack(unavailable: AutoCodingError.threadUnavailable) { (limit) throws(any Error) in
            stackLimit = limit
            return try body()
        }
    }
}
