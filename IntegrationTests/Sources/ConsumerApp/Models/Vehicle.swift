import Archivist

/// A base class whose subclasses archive their own properties too.
public class Vehicle: AutoCodable {
    public var name = ""
    public var wheels = 4
    public required init() {}
}
