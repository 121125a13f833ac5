import Archivist

/// A type unrelated to ``OrderA`` with the same properties.
public struct UnrelatedB: AutoCodable {
    public var id = 0
    public var total = 0.0
    public init() {}
}
