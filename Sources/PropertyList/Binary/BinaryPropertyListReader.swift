import Foundation

/// PLACEHOLDER — replaced by the Binary codec work before anything lands.
public struct BinaryPropertyListReader: Sendable {
    public var options: PropertyListReadingOptions
    public init(options: PropertyListReadingOptions = .default) { self.options = options }
    public func read(_ data: Data) throws -> PropertyListValue {
        throw PropertyListError(.unknownFormat, "not implemented yet")
    }
}
