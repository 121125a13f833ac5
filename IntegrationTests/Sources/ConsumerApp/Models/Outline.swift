import Archivist

/// A tree of headings: values nested through arrays.
public struct Outline: AutoCodable, Equatable {
    public var heading = ""
    public var children: [Outline] = []
    // `nonisolated`: an explicit `init()` is otherwise `@MainActor` in this target, which makes the
    // `AutoCodable` conformance isolated to the main actor, unusable from other threads.
    nonisolated public init() {}
}
