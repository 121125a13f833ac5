import Foundation

/// Writes binary (`bplist00`) property lists.
///
/// Equal scalars (strings, numbers, dates, data, Booleans, UIDs) are stored once and integers,
/// references and offsets use the fewest bytes CoreFoundation accepts, so documents are as small
/// as those from CoreFoundation or Python's `plistlib`. Strings are byte-exact: only strings with
/// identical UTF-8 are shared. Output is deterministic: the same value always gives the same bytes.
public struct BinaryPropertyListWriter: Sendable {
    /// How deeply containers may nest; deeper values are ``PropertyListError/Kind/unrepresentable``.
    ///
    /// Matches the readers' default ``PropertyListReadingOptions/maximumDepth``, so
    /// everything written can be read back with default options.
    public var maximumDepth: Int

    /// Creates a writer.
    ///
    /// - Parameter maximumDepth: The deepest container nesting to write.
    public init(maximumDepth: Int = PropertyListReadingOptions.default.maximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// Encodes a value as a binary property list.
    ///
    /// - Parameter value: The root value; any ``PropertyListValue`` can be the root.
    /// - Returns: The complete document.
    /// - Throws: ``PropertyListError/Kind/unrepresentable`` with the path of the offending
    ///   container when nesting exceeds ``maximumDepth``.
    public func write(_ value: PropertyListValue) throws -> Data {
        var writer = BinaryPropertyListStreamWriter()
        do {
            try value.write(to: &writer, maximumDepth: maximumDepth)
        } catch {
            var located = error
            located.location.path = "root" + (error.location.path ?? "")
            throw located
        }
        return try writer.finish()
    }
}
