import Archivist

/// An order total; shaped exactly like ``UnrelatedB`` so that only the archive's type record tells
/// them apart.
public struct OrderA: AutoCodable {
    public var id = 0
    public var total = 0.0
    public init() {}
}
