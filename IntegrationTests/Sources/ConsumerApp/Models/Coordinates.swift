import Archivist

/// A plain struct of scalars.
public struct Coordinates: AutoCodable, Equatable {
    public var latitude = 0.0
    public var longitude = 0.0
    public var label = ""
    public init() {}
}
