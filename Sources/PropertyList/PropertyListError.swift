/// An error reading or writing a property list: what went wrong and where.
///
/// Binary errors carry the byte offset (and the object number when one is involved), XML errors the
/// line and column, writer errors the path of the offending value. The ``description`` reads as a
/// sentence, for example
/// `object #12 at offset 0x1f0: string length 1152921504606846976 exceeds file size 4096`.
public struct PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a ``PropertyListError``.
    ///
    /// A resilient set of static members rather than an enum, so new kinds break no `switch`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// A stable identifier, e.g. `"truncated"`, used by fixtures and tools.
        public let rawValue: String

        /// Creates a kind from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// The bytes are not a property list in any format this package reads.
        public static let unknownFormat = Kind(rawValue: "unknownFormat")
        /// The input ends before a structure it announces.
        public static let truncated = Kind(rawValue: "truncated")
        /// The binary header or trailer is malformed.
        public static let invalidHeader = Kind(rawValue: "invalidHeader")
        /// An offset, reference or length points outside the file or its object table.
        public static let outOfBounds = Kind(rawValue: "outOfBounds")
        /// An object marker, element or value is malformed.
        public static let invalidObject = Kind(rawValue: "invalidObject")
        /// A well-formed object of a kind property lists do not allow here (a set, null, a
        /// non-string dictionary key).
        public static let unsupportedObject = Kind(rawValue: "unsupportedObject")
        /// String bytes are not valid UTF-8, UTF-16 or ASCII.
        public static let invalidString = Kind(rawValue: "invalidString")
        /// An integer lies outside `Int64.min ... UInt64.max`.
        public static let integerOutOfRange = Kind(rawValue: "integerOutOfRange")
        /// A container contains itself.
        public static let cycle = Kind(rawValue: "cycle")
        /// Containers are nested deeper than ``PropertyListReadingOptions/maximumDepth``.
        public static let depthLimitExceeded = Kind(rawValue: "depthLimitExceeded")
        /// Shared references expand to more values than
        /// ``PropertyListReadingOptions/maximumExpandedValues``.
        public static let expansionLimitExceeded = Kind(rawValue: "expansionLimitExceeded")
        /// XML that is not well formed, or not a property list.
        public static let xmlSyntax = Kind(rawValue: "xmlSyntax")
        /// An XML entity other than the five predefined ones and character references.
        public static let unknownEntity = Kind(rawValue: "unknownEntity")
        /// An XML document type declaration with an internal subset (never processed).
        public static let unsupportedDTD = Kind(rawValue: "unsupportedDTD")
        /// A value the chosen format cannot represent (e.g. a NUL character in XML).
        public static let unrepresentable = Kind(rawValue: "unrepresentable")
        /// The output would pass the limit set for it (a printer's or converter's
        /// `maximumLength`), or memory for it could not be allocated.
        public static let outputLimitExceeded = Kind(rawValue: "outputLimitExceeded")
    }

    /// Where in the input or the value tree an error was found.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// The byte offset in binary input.
        public var byteOffset: Int?
        /// The 1-based line in XML input.
        public var line: Int?
        /// The 1-based column (in bytes) in XML input.
        public var column: Int?
        /// The number of the binary object involved.
        public var objectNumber: Int?
        /// The path of the value involved, e.g. `root["people"][3]["name"]`.
        public var path: String?

        /// Creates a location; every part is optional.
        public init(byteOffset: Int? = nil, line: Int? = nil, column: Int? = nil,
                    objectNumber: Int? = nil, path: String? = nil) {
            self.byteOffset = byteOffset
            self.line = line
            self.column = column
            self.objectNumber = objectNumber
            self.path = path
        }

        public var description: String {
            var parts: [String] = []
            if let objectNumber { parts.append("object #\(objectNumber)") }
            if let byteOffset { parts.append("at offset 0x\(String(byteOffset, radix: 16))") }
            if let line {
                parts.append(column.map { "at line \(line), column \($0)" } ?? "at line \(line)")
            }
            if let path { parts.append("at \(path)") }
            return parts.joined(separator: " ")
        }
    }

    /// The category, for programs to act on.
    public var kind: Kind
    /// Where the problem is.
    public var location: Location
    /// What is wrong, for people.
    public var reason: String

    /// Creates an error.
    public init(_ kind: Kind, _ reason: String, at location: Location = Location()) {
        self.kind = kind
        self.reason = reason
        self.location = location
    }

    /// The error of a writer whose output buffer failed.
    package init(_ failure: ByteBuffer.Failure) {
        self.init(.outputLimitExceeded, failure.reason)
    }

    public var description: String {
        let place = location.description
        return place.isEmpty ? reason : "\(place): \(reason)"
    }
}
