import PropertyList

/// The one rule for nesting, shared by ``EncodingContext`` and ``DecodingContext``: each level is
/// counted against a limit, and when the current stack runs low the rest of the work continues on
/// a thread with a fresh stack.
protocol NestingLevels: AnyObject {
    /// Levels entered and not yet left.
    var depth: Int { get set }
    /// The deepest nesting allowed.
    var maximumDepth: Int { get }
    /// Levels entered on this thread, before this context began, by the bridge calls whose values
    /// reached it through a type's own coding methods (see ``BridgeNesting``): 0 outside the bridges.
    var levelsAbove: Int { get }
    /// How many levels this context may enter: ``maximumDepth`` less ``levelsAbove`` (stored, so
    /// the check at every level is one comparison).
    var levelsAllowed: Int { get }
    /// Where the current stack is considered used up.
    var stackLimit: UInt { get set }
    /// What a value past the limit is said to do, e.g. "values nest".
    static var tooDeepSubject: String { get }
}

extension NestingLevels {
    /// Runs `body` one level deeper: within the depth limit, and on a fresh stack when this one is
    /// nearly used up.
    ///
    /// - Throws: ``AutoCodingError/Kind/depthLimitExceeded`` past ``maximumDepth``, or what `body` throws.
    @inline(__always)
    func nested<Result>(_ body: () throws -> Result) throws -> Result {
        depth += 1
        defer { depth -= 1 }
        guard depth <= levelsAllowed else {
            throw AutoCodingError(.depthLimitExceeded, "\(Self.tooDeepSubject) deeper than the limit of \(maximumDepth) levels")
        }
        if StackGuard.isExhausted(below: stackLimit) {
            guard !AutoCodingEngine.isBuilding else {
                // A fresh thread would wait for the engine's lock, which this thread holds.
                throw AutoCodingError(.depthLimitExceeded, "\(Self.tooDeepSubject) too deep to verify the type's plan "
                                        + "(its default value nests more than a megabyte of stack deep)")
            }
            return try onFreshStack(body)
        }
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

    /// The depth a value handed to a type's own coding methods starts at, counted from the
    /// outermost bridge call on this thread: one level below the value being coded, so each bridge
    /// call that is reached again from inside one starts deeper than the last.
    var levelsForHandOver: Int { levelsAbove + depth + 1 }
}
