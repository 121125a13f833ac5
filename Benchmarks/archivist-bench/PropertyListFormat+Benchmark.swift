import Foundation
import PropertyList

extension PropertyListFormat {
    /// The matching `PropertyListSerialization` format.
    var foundation: PropertyListSerialization.PropertyListFormat {
        self == .binary ? .binary : .xml
    }

    /// Our reader for this format, with default options.
    func reader(_ data: Data) throws -> PropertyListValue {
        self == .binary ? try BinaryPropertyListReader().read(data) : try XMLPropertyListReader().read(data)
    }

    /// Our writer for this format.
    func writer(_ value: PropertyListValue) throws -> Data {
        self == .binary ? try BinaryPropertyListWriter().write(value) : try XMLPropertyListWriter().write(value)
    }
}
