import Foundation

/// Canonical JSON: one line of JSON any tool can produce for a property list, so outputs diff.
///
/// Every node is `{"type": T, "value": V}`:
///
/// | `T`      | `V`                                                                   |
/// |----------|-----------------------------------------------------------------------|
/// | `dict`   | an object mapping each key to a node                                  |
/// | `array`  | a list of nodes                                                       |
/// | `string` | the string                                                            |
/// | `int`    | the decimal integer, as a string                                      |
/// | `real`   | Python's `repr` of the double as a string, or `"nan"`, `"inf"`, `"-inf"` |
/// | `bool`   | `true` or `false`                                                     |
/// | `date`   | seconds since 2001-01-01T00:00:00Z, spelled like `real`               |
/// | `data`   | lowercase hexadecimal                                                 |
/// | `uid`    | the decimal index, as a string                                        |
///
/// The bytes equal Python's `json.dumps(node, ensure_ascii=False, separators=(',', ':'),
/// sort_keys=True)`: keys sorted by code point, only `"`, `\` and C0 controls escaped, other text
/// raw UTF-8. 4-byte reals are written as the doubles they widen to, as Python reads them.
extension PropertyListValue {
    /// This value as canonical JSON, on one line without a trailing newline.
    ///
    /// - Returns: The document; see the table above for the schema.
    public func canonicalJSON() -> String {
        let data = canonicalJSONData()
        return String(decoding: data, as: UTF8.self)
    }

    /// This value as canonical JSON in UTF-8, without a trailing newline.
    ///
    /// Prefer this over ``canonicalJSON()`` to write a file: it skips building a `String`. For
    /// values read from untrusted input use ``canonicalJSONData(maximumLength:)``: shared references
    /// let a small binary file describe a tree whose JSON is very large, and this form, like
    /// Swift's own collections, stops the program when memory runs out.
    ///
    /// - Returns: The UTF-8 bytes of the document.
    public func canonicalJSONData() -> Data {
        do {
            return try canonicalJSONData(maximumLength: .max)
        } catch {
            // Only memory running out gets here (there is no limit): what `Array` does then.
            preconditionFailure("canonical JSON: \(error.reason)")
        }
    }

    /// This value as canonical JSON in UTF-8, or an error once the document would pass
    /// `maximumLength` bytes.
    ///
    /// - Parameter maximumLength: The most bytes the document may have.
    /// - Returns: The UTF-8 bytes of the document.
    /// - Throws: ``PropertyListError/Kind/outputLimitExceeded`` when the document would be longer,
    ///   or memory for it runs out.
    public func canonicalJSONData(maximumLength: Int) throws(PropertyListError) -> Data {
        var writer = CanonicalJSONWriter(initialCapacity: Swift.min(maximumLength, 4096), limit: maximumLength)
        writer.write(self)
        return try writer.finish()
    }

    /// Reads canonical JSON, strictly: every node must have exactly the members `"type"` then
    /// `"value"`, with a value of the shape its type requires.
    ///
    /// Insignificant JSON white space is allowed; dictionary keys keep their document order.
    /// Reals and dates read back bit for bit (except NaN payloads, all spelled `nan`); `int`
    /// accepts `Int64.min ... UInt64.max`; `real` reads as ``real(_:)`` (JSON keeps no width).
    ///
    /// - Parameters:
    ///   - data: A UTF-8 canonical JSON document.
    ///   - options: The nesting limit (``PropertyListReadingOptions/maximumDepth``) applies.
    /// - Throws: ``PropertyListError`` with the byte offset and the path of the node at fault:
    ///   ``PropertyListError/Kind/invalidObject`` for malformed JSON or a node of the wrong shape,
    ///   ``PropertyListError/Kind/unsupportedObject`` for an unknown type name,
    ///   ``PropertyListError/Kind/truncated`` when the input ends early,
    ///   ``PropertyListError/Kind/invalidString`` for bad UTF-8 or a lone surrogate escape,
    ///   ``PropertyListError/Kind/integerOutOfRange`` and
    ///   ``PropertyListError/Kind/depthLimitExceeded``.
    public init(canonicalJSON data: Data, options: PropertyListReadingOptions = .default) throws {
        self = try data.withUnsafeBytes { bytes throws(PropertyListError) in
            var parser = CanonicalJSONParser(bytes: bytes, maximumDepth: options.maximumDepth)
            return try parser.parseDocument()
        }
    }
}
