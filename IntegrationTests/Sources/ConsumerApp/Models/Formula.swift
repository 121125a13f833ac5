import Archivist

/// A named ``Expression``: the `AutoCodable` value that holds a `Codable` enum.
public struct Formula: AutoCodable {
    public var name = ""
    public var expression: Expression = .number(0)
    // `nonisolated`: an explicit `init()` is otherwise `@MainActor` in this target, which makes the
    // `AutoCodable` conformance isolated to the main actor, unusable from other threads.
    nonisolated public init() {}
}
