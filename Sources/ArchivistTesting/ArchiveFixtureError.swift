/// Why ``ArchiveFixtures/check(_:in:formats:filePath:line:)-fczc`` failed, located at the calling test.
///
/// The ``description`` reads like a compiler diagnostic, so Xcode, editors and CI logs link it to
/// the test line: the first line is `FILE:LINE: error: MESSAGE`, the ``notes`` follow indented.
///
/// ```
/// OrderTests.swift:12: error: Order's archived schema changed since fixture v1
///   ~ Order.lines[].qty: Int → String (retyped)
///     ...
/// ```
public struct ArchiveFixtureError: Error, Sendable, CustomStringConvertible {
    /// The category, for tests that expect a failure.
    ///
    /// A resilient set of static members rather than an enum, so new kinds break no `switch`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// A stable identifier, e.g. `"schemaChanged"`.
        public let rawValue: String

        /// Creates a kind from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// The type's archived properties differ from the newest fixture's manifest; a new fixture
        /// version was recorded.
        public static let schemaChanged = Kind(rawValue: "schemaChanged")
        /// A recorded fixture no longer decodes into the current type.
        public static let fixtureDoesNotDecode = Kind(rawValue: "fixtureDoesNotDecode")
        /// The newest fixture decodes to a value different from the sample.
        public static let valueMismatch = Kind(rawValue: "valueMismatch")
        /// The sample does not come back equal from its own archive.
        public static let roundTripMismatch = Kind(rawValue: "roundTripMismatch")
        /// A fixture file is not a readable property list.
        public static let corruptFixture = Kind(rawValue: "corruptFixture")
        /// A manifest is missing, unreadable or not a fixture manifest.
        public static let corruptManifest = Kind(rawValue: "corruptManifest")
        /// A fixture file cannot be read, or a version's files are incomplete.
        public static let unreadableFixture = Kind(rawValue: "unreadableFixture")
        /// The fixture directory is not a relative path inside the test's directory, or no
        /// format was asked for.
        public static let invalidArguments = Kind(rawValue: "invalidArguments")
        /// The sample cannot be archived, or its type's plan cannot be built.
        public static let archivingFailed = Kind(rawValue: "archivingFailed")
        /// A fixture file could not be written.
        public static let writeFailed = Kind(rawValue: "writeFailed")
    }

    /// The category.
    public var kind: Kind
    /// The one-line summary after `error:`.
    public var message: String
    /// Further lines: the schema diff, the values that differ, what to do.
    public var notes: [String]
    /// The fixture file involved, when there is one.
    public var fixturePath: String?
    /// The test file that called the check (its `#filePath`).
    public var filePath: String
    /// The line of the call.
    public var line: UInt

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The category.
    ///   - message: The one-line summary.
    ///   - notes: Further lines.
    ///   - fixturePath: The fixture file involved.
    ///   - filePath: The calling test file.
    ///   - line: The calling line.
    public init(_ kind: Kind, _ message: String, notes: [String] = [], fixturePath: String? = nil,
                filePath: String, line: UInt) {
        self.kind = kind
        self.message = message
        self.notes = notes
        self.fixturePath = fixturePath
        self.filePath = filePath
        self.line = line
    }

    public var description: String {
        var text = "\(filePath):\(line): error: \(message)"
        for note in notes { text += "\n  " + note }
        return text
    }
}
