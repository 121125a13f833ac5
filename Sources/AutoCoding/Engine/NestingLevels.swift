import PropertyList

/// The one rule for nesting, shared by ``EncodingContext`` and ``DecodingContext``: each level is
/// counted against a limit, and when the current stack runs low the rest of the work continues on
/// a thread with a fresh stack.
protocol NestingLevels: AnyObject {
    /// Levels entered and not yet left.
    var depth: Int { get set }
    /// The deepest nesting allowed.
    var maximumDepth: Int { get }
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
        guard depth <= maximumDepth else {
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
}
