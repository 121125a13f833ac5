import PropertyList

/// The state of one archive being written, shared by every coder it reaches.
package final class EncodingContext: NestingLevels {
    /// The engine that supplies coders of dynamic types.
    unowned let engine: AutoCodingEngine
    /// Registered names, read once per archive.
    let registry: AutoCodingRegistry.Snapshot
    /// Objects on the path from the root to the value being written, for cycle detection in
    /// formats that do not share objects.
    ///
    /// Unchecked for exclusivity, as ``depth`` is: each class instance inserts and removes itself,
    /// and nothing else touches it meanwhile.
    @exclusivity(unchecked) var activeObjects: Set<ObjectIdentifier> = []
    /// Whether `AutoCodable` values are read through `Mirror` instead of their plans' offsets (the
    /// reference path the offsets are tested against).
    let viaMirror: Bool
    /// How many containers enclose the value being written.
    ///
    /// Unchecked for exclusivity (as in ``DecodingContext``): only ``NestingLevels/nested(_:)``
    /// changes it, by one level in and out, and a dynamic check at every container and object cost
    /// as much as writing a number.
    @exclusivity(unchecked) var depth = 0
    /// The deepest nesting written.
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
    static var tooDeepSubject: String { "values nest" }

    /// - Parameter levelsAbove: Levels already entered on this thread by enclosing bridge calls
    ///   (see ``NestingLevels/levelsAbove``).
    package init(engine: AutoCodingEngine, registry: AutoCodingRegistry.Snapshot, viaMirror: Bool = false,
                 maximumDepth: Int = PropertyListReadingOptions.defaultMaximumDepth, levelsAbove: Int = 0) {
        self.engine = engine
        self.registry = registry
        self.viaMirror = viaMirror
        self.maximumDepth = maximumDepth
        self.levelsAbove = levelsAbove
        levelsAllowed = maximumDepth - min(max(levelsAbove, 0), max(maximumDepth, 0))
    }

    /// Whether the value about to be written is the archive's root.
    var isAtRoot: Bool { depth == 0 }
}
