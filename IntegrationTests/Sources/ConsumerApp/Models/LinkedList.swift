import Archivist

/// A list of ``Node``s, as a struct the app can hand to other threads (`Node`'s conformance is
/// isolated to the main actor, this struct's is not).
public struct LinkedList: AutoCodable {
    public var name = ""
    public var head: Node?
    // `nonisolated`: an explicit `init()` is otherwise `@MainActor` in this target, which makes the
    // `AutoCodable` conformance isolated to the main actor, unusable from other threads.
    nonisolated public init() {}
}
