import Archivist

/// The app's bookmarks: a struct holding class models, isolated to the main actor by default.
public struct BookmarkList: AutoCodable {
    public var owner = ""
    public var bookmarks: [Bookmark] = []
    // `nonisolated`: an explicit `init()` is otherwise `@MainActor` in this target, which makes the
    // `AutoCodable` conformance isolated to the main actor, unusable from other threads.
    nonisolated public init() {}
}
