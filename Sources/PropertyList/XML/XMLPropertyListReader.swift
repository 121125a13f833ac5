import Foundation

/// PLACEHOLDER — replaced by the XML codec work before anything lands.
public struct XMLPropertyListReader: Sendable {
    public var options: PropertyListReadingOptions
    public init(options: PropertyListReadingOptions = .default) { self.options = options }
    public func read(_ data: Data) throws -> PropertyListValue {
        throw PropertyListError(.unknownFormat, "not implemented yet")
    }
}
