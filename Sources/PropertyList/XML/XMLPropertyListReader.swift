import Foundation

/// Reads XML property lists (Apple's `plist` document type, UTF-8).
///
/// The reader is a hand-written scanner over the bytes, not a general XML parser: it understands
/// exactly what property lists use and refuses the rest with an error that names the line and
/// column. Entities are limited to the five XML predefines and character references, and a
/// document type declaration is skipped without being read (one with an internal subset is
/// refused), so external-entity and entity-expansion attacks are impossible by construction.
///
/// Details that match CoreFoundation: a bare value element is accepted as the root in place of
/// `<plist>`; `<string>` and `<key>` text is kept exactly, white space and line ends included;
/// a repeated dictionary key keeps its first position and its last value; a dictionary whose only
/// key is `CF$UID` with a non-negative integer value is read as ``PropertyListValue/uid(_:)``.
/// Reals are always ``PropertyListValue/real(_:)``, as XML has no notion of width.
///
/// Attributes are ignored, as CoreFoundation ignores them, except `fraction` on `<date>`, which
/// ``XMLPropertyListWriter`` writes for a fraction of a second (`<date fraction="0.75">`): it must
/// be `0.` and one or more digits, and is added exactly to the whole second in the text. A fraction
/// in the text (`2000-12-31T23:59:59.75Z`, as an earlier build wrote it) is read the same way.
/// Attributes must still be well formed: `name="value"` after white space, no `<` in a value, no
/// name twice in one tag.
///
/// Well-formedness as XML 1.0 defines it, with one exception: character references must name
/// characters XML allows (tab, line feed, carriage return, U+0020…U+D7FF, U+E000…U+FFFD,
/// U+10000 and above), so `&#0;` and `&#xFFFE;` are errors; comments may not contain `--`; the XML
/// declaration, if any, must be the very first thing in the document (after a byte-order mark).
/// The exception: raw control characters in text are accepted, because Foundation's XML writer
/// writes them as they are (``XMLPropertyListWriter`` refuses to).
public struct XMLPropertyListReader: Sendable {
    /// Limits applied while reading; only ``PropertyListReadingOptions/maximumDepth`` matters for XML.
    public var options: PropertyListReadingOptions

    /// Creates a reader.
    ///
    /// - Parameter options: Limits on nesting depth.
    public init(options: PropertyListReadingOptions = .default) {
        self.options = options
    }

    /// Reads an XML property list.
    ///
    /// - Parameter data: A complete UTF-8 XML property-list document.
    /// - Returns: The root value.
    /// - Throws: ``PropertyListError`` with the line and column of the problem:
    ///   ``PropertyListError/Kind/xmlSyntax`` for malformed XML or structure,
    ///   ``PropertyListError/Kind/unknownEntity``, ``PropertyListError/Kind/unsupportedDTD``,
    ///   ``PropertyListError/Kind/invalidString`` for bytes that are not UTF-8,
    ///   ``PropertyListError/Kind/invalidObject`` for a malformed integer, real, date, date
    ///   `fraction` or base64,
    ///   ``PropertyListError/Kind/integerOutOfRange``, ``PropertyListError/Kind/depthLimitExceeded``.
    public func read(_ data: Data) throws -> PropertyListValue {
        try data.withUnsafeBytes { try read($0) }
    }

    /// Reads an XML property list from raw memory.
    ///
    /// - Parameter bytes: A complete UTF-8 XML property-list document; only read during the call.
    /// - Returns: The root value.
    /// - Throws: ``PropertyListError``, as for the `Data` overload.
    public func read(_ bytes: UnsafeRawBufferPointer) throws -> PropertyListValue {
        try XMLPropertyListIndex(bytes: bytes, options: options).tree()
    }
}
