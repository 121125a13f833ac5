import PropertyList

/// The state of one archive being read, shared by every coder it reaches.
package final class DecodingContext: NestingLevels {
    /// The engine that supplies coders of dynamic types.
    unowned let engine: AutoCodingEngine
    /// Resolves recorded type names to types.
    let types: any TypeResolver
    /// How many containers enclose the value being read.
    ///
    /// Unchecked for exclusivity: only ``NestingLevels/nested(_:)`` changes it, by one level in and
    /// out, and a dynamic check at every container cost more than reading the container.
    @exclusivity(unchecked) var depth = 0
    /// The deepest nesting read.
    let maximumDepth: Int
    /// See ``NestingLevels/levelsAbove``.
    let levelsAbove: Int
    /// See ``NestingLevels/levelsAllowed``.
    let levelsAllowed: Int
    /// Where the current thread's stack runs out (see ``StackGuard``).
    ///
    /// Unchecked for exclusivity, as ``depth`` is: read at every container, and changed only while
    /// moving to a fresh stack.
    @exclusivity(unchecked) var stackLimit = StackGuard.limit()
    static var tooDeepSubject: String { "the archive nests" }

    /// - Parameter levelsAbove: Levels already entered on this thread by enclosing bridge calls
    ///   (see ``NestingLevels/levelsAbove``).
    package init(engine: AutoCodingEngine, types: any TypeResolver, maximumDepth: Int, levelsAbove: Int = 0) {
        self.engine = engine
        self.types = types
        self.maximumDepth = maximumDepth
        self.levelsAbove = levelsAbove
        levelsAllowed = maximumDepth - min(max(levelsAbove, 0), max(maximumDepth, 0))
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
}
