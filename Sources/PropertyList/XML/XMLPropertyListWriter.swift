import Foundation

/// Writes XML property lists formatted as Apple's writers format them.
///
/// The output has Apple's XML declaration, `DOCTYPE` and `<plist version="1.0">`, one element
/// per line indented with tabs, `<dict/>`, `<array/>`, `<true/>` and `<false/>` in empty form, and
/// base64 data in lines. Dictionaries keep their insertion order.
///
/// What XML cannot hold exactly:
/// - Dates keep whole seconds (fractions are dropped, rounding toward the past), and only the
///   years 1 through 9999 can be written.
/// - ``PropertyListValue/real32(_:)`` is written as its `Double` value and reads back as
///   ``PropertyListValue/real(_:)``.
/// - Text may not contain U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE or U+FFFF.
///
/// Reals are written as the shortest decimal that reads back exactly (`nan`, `+infinity`,
/// `-infinity` for the special values, and `-0.0` keeps its sign); a carriage return is written as
/// `&#13;` so that XML parsers that normalize line ends still read it back.
public struct XMLPropertyListWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// Encodes a value as an XML property list.
    ///
    /// - Parameter value: The root value; any type may be the root.
    /// - Returns: The UTF-8 document.
    /// - Throws: ``PropertyListError/Kind/unrepresentable`` naming the path of the offending
    ///   value (for example `root["people"][3]["name"]`) when a string or key holds a character
    ///   XML cannot carry or a date lies outside the years 1–9999.
    public func write(_ value: PropertyListValue) throws -> Data {
        var writer = XMLPropertyListStreamWriter()
        do {
            try value.write(to: &writer, maximumDepth: .max)
        } catch {
            var located = error
            located.location.path = "root" + (error.location.path ?? "")
            throw located
        }
        return writer.finish()
    }
}
