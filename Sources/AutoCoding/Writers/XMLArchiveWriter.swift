import Foundation
import PropertyList

/// Writes an XML property list straight from values, formatted exactly as
/// `XMLPropertyListWriter` formats the same tree (tests compare the two byte for byte).
///
/// Elements are written as they come. An `AutoCodable` value's dictionary may turn out empty
/// (every property a `nil` optional), so `<dict>` is written eagerly and replaced by `<dict/>`
/// when no entry followed.
struct XMLArchiveWriter: ~Copyable {
    private var bytes: ByteBuffer
    private var depth = 0
    /// For each open container: where its opening tag starts and whether anything followed.
    private var open: [(start: Int, isEmpty: Bool, isDictionary: Bool)] = []

    /// Starts a document with Apple's declaration and document type.
    ///
    /// - Parameter hint: What a previous archive of the same root type needed, to allocate once.
    init(hint: ArchiveSizeHints.Hint? = nil) {
        bytes = ByteBuffer(initialCapacity: hint.map { $0.bytes + $0.bytes / 16 + 256 } ?? 1 << 16)
        XMLScalarSpelling.appendDocumentStart(into: &bytes)
    }

    /// Closes the document and returns it.
    consuming func finish() -> Data {
        XMLScalarSpelling.appendDocumentEnd(into: &bytes)
        return bytes.finish()
    }

    // MARK: Containers

    /// Opens a dictionary at the current position (as a value).
    mutating func beginDictionary() { beginContainer("<dict>\n", isDictionary: true) }

    /// Opens an array at the current position (as a value).
    mutating func beginArray() { beginContainer("<array>\n", isDictionary: false) }

    private mutating func beginContainer(_ tag: StaticString, isDictionary: Bool) {
        markNonEmpty()
        indent(depth)
        open.append((bytes.count - depth, true, isDictionary))
        bytes.append(tag)
        depth += 1
    }

    /// Writes a dictionary key; the entry's value must follow.
    mutating func key(_ text: String) throws {
        markNonEmpty()
        indent(depth)
        bytes.append("<key>")
        try appendEscaped(text)
        bytes.append("</key>\n")
        // The value that follows belongs to this entry: it must not count as a new child.
        suppressNextMark = true
    }

    private var suppressNextMark = false

    /// Closes the innermost container.
    mutating func end() {
        depth -= 1
        guard let container = open.popLast() else { return }
        if container.isEmpty {
            bytes.count = container.start + depth
            bytes.append(container.isDictionary ? "<dict/>\n" : "<array/>\n")
        } else {
            indent(depth)
            bytes.append(container.isDictionary ? "</dict>\n" : "</array>\n")
        }
    }

    private mutating func markNonEmpty() {
        if suppressNextMark {
            suppressNextMark = false
            return
        }
        if !open.isEmpty { open[open.count - 1].isEmpty = false }
    }

    // MARK: Scalars

    mutating func string(_ text: String) throws {
        beginScalar()
        bytes.append("<string>")
        try appendEscaped(text)
        bytes.append("</string>\n")
    }

    mutating func integer(_ value: Int64) {
        beginScalar()
        XMLScalarSpelling.appendInteger(magnitude: value.magnitude, negative: value < 0, into: &bytes)
    }

    mutating func unsigned(_ value: UInt64) {
        beginScalar()
        XMLScalarSpelling.appendInteger(magnitude: value, negative: false, into: &bytes)
    }

    mutating func real(_ number: Double) {
        beginScalar()
        XMLScalarSpelling.appendReal(number, into: &bytes)
    }

    mutating func bool(_ flag: Bool) {
        beginScalar()
        bytes.append(flag ? "<true/>\n" : "<false/>\n")
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, whole seconds (rounding toward the past), years 1 through 9999.
    mutating func date(_ date: Date) throws {
        guard let fields = XMLScalarSpelling.dateFields(of: date) else {
            throw AutoCodingError(.unrepresentable, "the date \(date) is outside the years 1 through 9999 that XML can hold")
        }
        beginScalar()
        XMLScalarSpelling.appendDate(fields, into: &bytes)
    }

    mutating func data(_ blob: Data) {
        beginScalar()
        XMLScalarSpelling.appendData(blob, depth: depth, into: &bytes)
    }

    /// Writes any tree (values without a direct writer, e.g. `Codable` bridges).
    mutating func tree(_ value: PropertyListValue) throws {
        switch value {
        case .string(let text): try string(text)
        case .integer(let integer):
            if let signed = integer.int64Value { self.integer(signed) } else { unsigned(integer.uint64Value ?? 0) }
        case .real(let number): real(number)
        case .real32(let number): real(Double(number))
        case .bool(let flag): bool(flag)
        case .date(let moment): try date(moment)
        case .data(let blob): data(blob)
        case .uid:
            throw AutoCodingError(.unrepresentable, "keyed-archive UIDs cannot appear in a plain archive")
        case .array(let items):
            beginArray()
            for item in items { try tree(item) }
            end()
        case .dictionary(let entries):
            beginDictionary()
            for (entryKey, item) in entries {
                try key(entryKey)
                try tree(item)
            }
            end()
        }
    }

    private mutating func beginScalar() {
        markNonEmpty()
        indent(depth)
    }

    private mutating func indent(_ count: Int) {
        XMLScalarSpelling.appendIndentation(count, into: &bytes)
    }

    /// Escaped text; characters XML 1.0 cannot carry throw.
    private mutating func appendEscaped(_ text: String) throws {
        if let unwritable = XMLScalarSpelling.appendEscaped(text, into: &bytes) {
            throw AutoCodingError(.unrepresentable, unwritable.message(minimumDigits: 1))
        }
    }
}
