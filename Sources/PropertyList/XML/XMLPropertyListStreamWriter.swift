import Foundation

/// The one XML property-list writer: takes a property list as events and produces the document,
/// formatted as Apple's writers format it.
///
/// One element per line, indented with a tab per level of nesting up to
/// ``maximumIndentation`` levels (deeper lines keep that indentation, so the output stays linear
/// in the content however deep it nests); `<dict/>`, `<array/>`, `<true/>` and `<false/>` in empty
/// form; base64 data in lines. ``XMLPropertyListWriter`` writes trees through it and AutoCoding
/// writes values through it, so an archive has the same bytes whichever path made it.
package struct XMLPropertyListStreamWriter: ~Copyable, PropertyListEventWriter {
    /// The deepest indentation written, in tabs.
    package static let maximumIndentation = 32

    private var buffer: ByteBuffer
    /// How many containers are open.
    package private(set) var depth = 0

    /// Starts a document with Apple's declaration and document type.
    ///
    /// - Parameter capacity: The expected document size in bytes, to allocate once.
    package init(capacity: Int = 4096, limit: Int = .max) {
        buffer = ByteBuffer(initialCapacity: capacity, limit: limit)
        XMLScalarSpelling.appendDocumentStart(into: &buffer)
    }

    /// Closes the document and returns it.
    package consuming func finish() throws(PropertyListError) -> Data {
        XMLScalarSpelling.appendDocumentEnd(into: &buffer)
        do {
            return try buffer.finish()
        } catch {
            throw PropertyListError(error)
        }
    }

    // MARK: Containers

    package mutating func beginArray(count: Int) throws(PropertyListError) {
        indent()
        if count == 0 {
            buffer.append("<array/>\n")
            depth += 1
            emptyContainers += 1
        } else {
            buffer.append("<array>\n")
            depth += 1
        }
    }

    package mutating func beginDictionary(count: Int) throws(PropertyListError) {
        indent()
        if count == 0 {
            buffer.append("<dict/>\n")
            depth += 1
            emptyContainers += 1
        } else {
            buffer.append("<dict>\n")
            depth += 1
        }
    }

    package mutating func endArray() throws(PropertyListError) { close("</array>\n") }

    package mutating func endDictionary() throws(PropertyListError) { close("</dict>\n") }

    /// Open containers that were written in empty form and need no end tag, innermost last.
    private var emptyContainers = 0

    private mutating func close(_ tag: StaticString) {
        depth -= 1
        if emptyContainers > 0 {
            // An empty container's children cannot have been written, so the innermost open one
            // is the empty one.
            emptyContainers -= 1
            return
        }
        indent()
        buffer.append(tag)
    }

    package mutating func key(_ key: String) throws(PropertyListError) {
        indent()
        buffer.append("<key>")
        try appendEscaped(key)
        buffer.append("</key>\n")
    }

    /// A key whose UTF-8 is known to need no escaping (``XMLScalarSpelling/isPlainText(utf8:)``):
    /// written as it is.
    package mutating func key(plainUTF8 utf8: UnsafeRawBufferPointer) {
        // The whole line with one reservation: tabs and tags are stored eight bytes at a time
        // (room is made for the bytes past the line that such stores touch; they are overwritten
        // or left uncounted).
        let tabs = indentation
        let length = utf8.count
        guard buffer.reserve(tabs + length + 32) else { return }
        let output = buffer.base
        var at = buffer.count
        var tab = 0
        while tab < tabs {
            output.storeBytes(of: 0x0909_0909_0909_0909 as UInt64, toByteOffset: at + tab, as: UInt64.self)
            tab += 8
        }
        at += tabs
        output.storeBytes(of: 0x3E_79_65_6B_3C as UInt64, toByteOffset: at, as: UInt64.self) // <key>
        at += 5
        if let source = utf8.baseAddress {
            ByteBuffer.copy(length, from: source, to: output + at)
        }
        at += length
        output.storeBytes(of: 0x0A_3E_79_65_6B_2F_3C as UInt64, toByteOffset: at, as: UInt64.self) // </key>\n
        buffer.count = at + 7
    }

    // MARK: Scalars

    package mutating func string(_ value: String) throws(PropertyListError) {
        // Tabs and tags stored eight bytes at a time, as in ``key(plainUTF8:)``.
        let tabs = indentation
        guard buffer.reserve(tabs + 16) else { return }
        var tab = 0
        while tab < tabs {
            buffer.base.storeBytes(of: 0x0909_0909_0909_0909 as UInt64, toByteOffset: buffer.count + tab, as: UInt64.self)
            tab += 8
        }
        buffer.base.storeBytes(of: 0x3E_67_6E_69_72_74_73_3C as UInt64, toByteOffset: buffer.count + tabs, as: UInt64.self)
        buffer.count += tabs + 8 // <string>
        try appendEscaped(value)
        guard buffer.reserve(16) else { return }
        buffer.base.storeBytes(of: 0x67_6E_69_72_74_73_2F_3C as UInt64, toByteOffset: buffer.count, as: UInt64.self)
        buffer.base.storeBytes(of: 0x0A_3E as UInt16, toByteOffset: buffer.count + 8, as: UInt16.self)
        buffer.count += 10 // </string>\n
    }

    package mutating func integer(_ value: PropertyListInteger) throws(PropertyListError) {
        indent()
        XMLScalarSpelling.appendInteger(magnitude: value.isNegative ? 0 &- value.bits : value.bits,
                                        negative: value.isNegative, into: &buffer)
    }

    /// A signed integer.
    package mutating func integer(_ value: Int64) {
        indent()
        XMLScalarSpelling.appendInteger(magnitude: value.magnitude, negative: value < 0, into: &buffer)
    }

    /// An unsigned integer.
    package mutating func unsigned(_ value: UInt64) {
        indent()
        XMLScalarSpelling.appendInteger(magnitude: value, negative: false, into: &buffer)
    }

    package mutating func real(_ value: Double) throws(PropertyListError) {
        indent()
        XMLScalarSpelling.appendReal(value, into: &buffer)
    }

    /// XML has no width: a 32-bit real is written as its `Double` value.
    package mutating func real32(_ value: Float) throws(PropertyListError) {
        try real(Double(value))
    }

    package mutating func bool(_ value: Bool) throws(PropertyListError) {
        indent()
        buffer.append(value ? "<true/>\n" : "<false/>\n")
    }

    package mutating func date(_ value: Date) throws(PropertyListError) {
        guard let fields = XMLScalarSpelling.dateFields(of: value) else {
            let seconds = value.timeIntervalSinceReferenceDate
            let reason = seconds.isFinite
                ? "date \(seconds) seconds after 2001-01-01 is outside the years \(XMLDateFields.years.lowerBound) "
                    + "through \(XMLDateFields.years.upperBound) that an XML date can hold"
                : "date \(seconds) seconds after 2001-01-01 is not an instant an XML date can hold"
            throw PropertyListError(.unrepresentable, reason)
        }
        indent()
        XMLScalarSpelling.appendDate(fields, into: &buffer)
    }

    package mutating func data(_ value: Data) throws(PropertyListError) {
        indent()
        XMLScalarSpelling.appendData(value, depth: indentation, into: &buffer)
    }

    /// A UID, as CoreFoundation writes it in XML: a dictionary whose only key is `CF$UID`.
    package mutating func uid(_ value: UInt64) throws(PropertyListError) {
        try beginDictionary(count: 1)
        try key("CF$UID")
        unsigned(value)
        try endDictionary()
    }

    // MARK: Text

    private var indentation: Int { min(depth, Self.maximumIndentation) }

    @inline(__always)
    private mutating func indent() {
        XMLScalarSpelling.appendIndentation(indentation, into: &buffer)
    }

    /// Writes escaped text; throws for characters XML 1.0 cannot carry at all.
    private mutating func appendEscaped(_ text: String) throws(PropertyListError) {
        if let unwritable = XMLScalarSpelling.appendEscaped(text, into: &buffer) {
            throw PropertyListError(.unrepresentable, unwritable.message(minimumDigits: 4))
        }
    }
}
