import Archivist

/// A bookmark: a class model, isolated to the main actor like every type of this target.
public final class Bookmark: AutoCodable {
    public var title = ""
    public var url = ""
    public var visits = 0
    public init() {}
}
