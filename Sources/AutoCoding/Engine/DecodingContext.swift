import PropertyList

/// The state of one archive being read, shared by every coder it reaches.
package final class DecodingContext {
    /// The engine that supplies coders of dynamic types.
    unowned let engine: AutoCodingEngine
    /// Resolves recorded type names to types.
    let types: any TypeResolver
    /// How many containers enclose the value being read.
    private(set) var depth = 0
    /// The deepest nesting read.
    let maximumDepth: Int
    /// Where the current thread's stack runs out (see ``StackGuard``).
    private var stackLimit = StackGuard.limit()

    package init(engine: AutoCodingEngine, types: any TypeResolver, maximumDepth: Int) {
        self.engine = engine
        self.types = types
        self.maximumDepth = maximumDepth
    }

    /// Whether the value about to be read is the archive's root.
    var isAtRoot: Bool { depth == 0 }

    /// Runs `body`, which reads the container `node`, one level deeper: within the depth limit, on a
    /// fresh stack when this one is nearly used up, and refusing a container that contains itself.
    ///
    /// - Throws: ``AutoCodingError/Kind/depthLimitExceeded`` past ``maximumDepth``,
    ///   ``AutoCodingError/Kind/corruptArchive`` for a cycle, or what `body` throws.
    @inline(__always)
    func nested<R: ArchiveReader, Result>(_ node: R.Node, in reader: inout R,
                                          _ body: (inout R) throws -> Result) throws -> Result {
        try reader.enter(node)
        defer { reader.leave(node) }
        do {
            return try nested { try body(&reader) }
        } catch let error as AutoCodingError {
            throw reader.locate(error, in: node)
        }
    }

    /// Runs `body` one level deeper (for levels no archived container marks, such as a `Codable`
    /// type's nested values).
    @inline(__always)
    func nested<Result>(_ body: () throws -> Result) throws -> Result {
        depth += 1
        defer { depth -= 1 }
        guard depth <= maximumDepth else {
            throw AutoCodingError(.depthLimitExceeded, "the archive nests deeper than the limit of \(maximumDepth) levels")
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
