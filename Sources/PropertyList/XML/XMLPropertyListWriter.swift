import Foundation

/// PLACEHOLDER — replaced by the XML codec work before anything lands.
public struct XMLPropertyListWriter: Sendable {
    public init() {}
    public func write(_ value: PropertyListValue) throws -> Data {
        throw PropertyListError(.unrepresentable, "not implemented yet")
    }
}
