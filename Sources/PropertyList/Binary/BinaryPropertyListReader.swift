import Foundation

/// Reads binary (`bplist00`) property lists.
///
/// Every offset, count and reference is checked before it is used, so malformed or hostile input
/// produces a ``PropertyListError`` with the byte offset and object number involved, never a
/// crash, a hang or an allocation out of proportion to the input. Shared subtrees are expanded
/// within ``PropertyListReadingOptions/maximumExpandedValues``; cycles are errors.
///
/// A dictionary that repeats a key keeps the key's first position and its last value.
public struct BinaryPropertyListReader: Sendable {
    /// The limits applied while reading.
    public var options: PropertyListReadingOptions

    /// Creates a reader.
    ///
    /// - Parameter options: Limits on nesting depth and expanded size.
    public init(options: PropertyListReadingOptions = .default) {
        self.options = options
    }

    /// Reads a binary property list from data.
    ///
    /// - Parameter data: A complete `bplist00` document.
    /// - Returns: The root value.
    /// - Throws: ``PropertyListError`` saying what is malformed and where.
    public func read(_ data: Data) throws -> PropertyListValue {
        try data.withUnsafeBytes { bytes in try read(bytes) }
    }

    /// Reads a binary property list from memory without copying it.
    ///
    /// - Parameter bytes: A complete `bplist00` document; only read during the call.
    /// - Returns: The root value.
    /// - Throws: ``PropertyListError`` saying what is malformed and where.
    public func read(_ bytes: UnsafeRawBufferPointer) throws -> PropertyListValue {
        let scanner = try BinaryPropertyListScanner(bytes: bytes)
        var materializer = BinaryPropertyListMaterializer(scanner: scanner, options: options)
        return try materializer.root()
    }
}
