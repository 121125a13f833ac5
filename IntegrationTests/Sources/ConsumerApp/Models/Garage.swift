import Archivist

/// Vehicles of any subclass, in a property declared as the base class.
public struct Garage: AutoCodable {
    public var vehicles: [Vehicle] = []
    public init() {}
}
