import Foundation

/// Writes XML property lists formatted as Apple's writers format them.
///
/// The output has Apple's XML declaration, `DOCTYPE` and `<plist version="1.0">`, one element
/// per line indented with tabs, `<dict/>`, `<array/>`, `<true/>` and `<false/>` in empty form, and
/// base64 data in lines. Dictionaries keep their insertion order.
///
/// Dates are exact. The text is the whole second (rounded toward the past): in the years 1
/// through 9999 `YYYY-MM-DDTHH:MM:SSZ`, as Foundation and Python's `plistlib` write and read them;
/// other years have at least four digits and a minus sign before year 0 (`0000-12-30T00:00:00Z`
/// is `Date.distantPast`, `-0001-12-31T00:00:00Z`, `10000-01-01T00:00:00Z`). A fraction of a
/// second goes in a `fraction` attribute, with the fewest digits that read back as the same
/// `Double`: −0.25 s is `<date fraction="0.75">2000-12-31T23:59:59Z</date>`. Foundation,
/// swift-foundation and `plistlib` ignore attributes, so they read such documents, getting the
/// whole second below; ``XMLPropertyListReader`` adds the fraction back exactly. Foundation reads
/// the other years too; `plistlib` stops at the years 1 through 9999.
///
/// What XML cannot hold exactly:
/// - Dates that are NaN, infinite or outside the years −999,999,999 through 999,999,999 (about
///   ±3.2 × 10¹⁶ seconds around 2001) cannot be written; `-0.0` reads back as `0.0`.
/// - ``PropertyListValue/real32(_:)`` is written as its `Double` value and reads back as
///   ``PropertyListValue/real(_:)``.
/// - Text may not contain U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE or U+FFFF.
///
/// Reals are written as the shortest decimal that reads back exactly (`nan`, `+infinity`,
/// `-infinity` for the special values, and `-0.0` keeps its sign); a carriage return is written as
/// `&#13;` so that XML parsers that normalize line ends still read it back.
public struct XMLPropertyListWriter: Sendable {
    /// The most bytes a document may have (default: no limit but memory).
    public var maximumLength: Int

    /// Creates a writer.
    ///
    /// - Parameter maximumLength: The most bytes a document may have; a longer one is a
    ///   ``PropertyListError/Kind/outputLimitExceeded`` error (so is memory running out).
    public init(maximumLength: Int = .max) {
        self.maximumLength = maximumLength
    }

    /// Encodes a value as an XML property list.
    ///
    /// - Parameter value: The root value; any type may be the root.
    /// - Returns: The UTF-8 document.
    /// - Throws: ``PropertyListError/Kind/unrepresentable`` naming the path of the offending
    ///   value (for example `root["people"][3]["name"]`) when a string or key holds a character
    ///   XML cannot carry, or a date is not finite or lies outside the years ±999,999,999.
    public func write(_ value: PropertyListValue) throws -> Data {
        var writer = XMLPropertyListStreamWriter(capacity: Swift.min(maximumLength, 4096), limit: maximumLength)
        do {
            try value.write(to: &writer, maximumDepth: .max)
        } catch {
            var located = error
            located.location.path = "root" + (error.location.path ?? "")
            throw located
        }
        return try writer.finish()
    }
}
