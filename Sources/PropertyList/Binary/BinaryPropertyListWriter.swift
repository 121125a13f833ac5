import Foundation

/// PLACEHOLDER — replaced by the Binary codec work before anything lands.
public struct BinaryPropertyListWriter: Sendable {
    public init() {}
    public func write(_ value: PropertyListValue) throws -> Data {
        throw PropertyListError(.unrepresentable, "not implemented yet")
    }
}
