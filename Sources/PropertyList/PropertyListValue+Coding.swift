import Foundation

extension PropertyListValue {
    /// Reads a property list, recognizing binary or XML from the bytes.
    ///
    /// - Parameters:
    ///   - data: A complete binary (`bplist00`) or XML property list.
    ///   - options: Limits on depth and expansion.
    /// - Throws: ``PropertyListError`` saying what is wrong and where; ``PropertyListError/Kind/unknownFormat``
    ///   when the bytes are neither format.
    public init(from data: Data, options: PropertyListReadingOptions = .default) throws {
        guard let format = PropertyListFormat.detect(data) else {
            throw PropertyListError(.unknownFormat, "the bytes are neither a binary nor an XML property list",
                                    at: .init(byteOffset: 0))
        }
        try self.init(from: data, format: format, options: options)
    }

    /// Reads a property list in a known format.
    ///
    /// - Parameters:
    ///   - data: The encoded property list.
    ///   - format: The encoding `data` is in.
    ///   - options: Limits on depth and expansion.
    /// - Throws: ``PropertyListError`` saying what is wrong and where.
    public init(from data: Data, format: PropertyListFormat, options: PropertyListReadingOptions = .default) throws {
        if format == .binary {
            self = try BinaryPropertyListReader(options: options).read(data)
        } else {
            self = try XMLPropertyListReader(options: options).read(data)
        }
    }

    /// Encodes this value.
    ///
    /// - Parameter format: `.binary` (compact, exact) or `.xml` (readable; see ``XMLPropertyListWriter`` for dates).
    /// - Returns: The encoded document.
    /// - Throws: ``PropertyListError/Kind/unrepresentable`` when the format cannot hold a value,
    ///   e.g. a control character in an XML string.
    public func encoded(as format: PropertyListFormat) throws -> Data {
        try encoded(as: format, maximumLength: .max)
    }

    /// This value as a document in `format`, or an error once the document would pass
    /// `maximumLength` bytes.
    ///
    /// XML shares nothing, so a value read from a small binary file that refers to one string from
    /// many places can make a very large XML document: converters of untrusted input set a limit.
    ///
    /// - Parameters:
    ///   - format: ``PropertyListFormat/binary`` or ``PropertyListFormat/xml``.
    ///   - maximumLength: The most bytes the document may have.
    /// - Returns: The encoded document.
    /// - Throws: What ``encoded(as:)`` throws, and ``PropertyListError/Kind/outputLimitExceeded``
    ///   when the document would be longer or memory for it runs out.
    public func encoded(as format: PropertyListFormat, maximumLength: Int) throws -> Data {
        let data: Data
        if format == .binary {
            data = try BinaryPropertyListWriter().write(self)
        } else {
            data = try XMLPropertyListWriter(maximumLength: maximumLength).write(self)
        }
        guard data.count <= maximumLength else {
            throw PropertyListError(.outputLimitExceeded, "the output would exceed its limit of \(maximumLength) bytes")
        }
        return data
    }
}
