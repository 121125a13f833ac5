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

    private static let base64LineLength = 76
    private static let maximumDataIndentation = 8
    private static let earliestDate = Double(GregorianDate.dayNumber(year: 1, month: 1, day: 1) * 86_400)
    private static let dateLimit = Double(GregorianDate.dayNumber(year: 10_000, month: 1, day: 1) * 86_400)

    /// Starts a document with Apple's declaration and document type.
    ///
    /// - Parameter hint: What a previous archive of the same root type needed, to allocate once.
    init(hint: ArchiveSizeHints.Hint? = nil) {
        bytes = ByteBuffer(initialCapacity: hint.map { $0.bytes + $0.bytes / 16 + 256 } ?? 1 << 16)
        bytes.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
    }

    /// Closes the document and returns it.
    consuming func finish() -> Data {
        bytes.append("</plist>\n")
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
        bytes.append("<integer>")
        bytes.append(utf8: String(value))
        bytes.append("</integer>\n")
    }

    mutating func unsigned(_ value: UInt64) {
        beginScalar()
        bytes.append("<integer>")
        bytes.append(utf8: String(value))
        bytes.append("</integer>\n")
    }

    mutating func real(_ number: Double) {
        beginScalar()
        bytes.append("<real>")
        if number.isNaN {
            bytes.append("nan")
        } else if number.isInfinite {
            bytes.append(number < 0 ? "-infinity" : "+infinity")
        } else {
            bytes.append(utf8: number.description)
        }
        bytes.append("</real>\n")
    }

    mutating func bool(_ flag: Bool) {
        beginScalar()
        bytes.append(flag ? "<true/>\n" : "<false/>\n")
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, whole seconds (rounding toward the past), years 1 through 9999.
    mutating func date(_ date: Date) throws {
        let seconds = date.timeIntervalSinceReferenceDate.rounded(.down)
        guard seconds >= Self.earliestDate, seconds < Self.dateLimit else {
            throw AutoCodingError(.unrepresentable, "the date \(date) is outside the years 1 through 9999 that XML can hold")
        }
        let fields = GregorianDate(secondsSinceReferenceDate: Int64(seconds))
        beginScalar()
        bytes.append("<date>")
        appendDigits(Int(fields.year), width: 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(fields.month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(fields.day, width: 2)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(fields.hour, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(fields.minute, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(fields.second, width: 2)
        bytes.append("Z</date>\n")
    }

    mutating func data(_ blob: Data) {
        beginScalar()
        bytes.append("<data>\n")
        let tabs = min(depth, Self.maximumDataIndentation)
        blob.withUnsafeBytes { raw in
            Base64.encode(raw, lineLength: Self.base64LineLength - 8 * tabs, indentation: tabs, into: &bytes)
        }
        indent(depth)
        bytes.append("</data>\n")
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
        guard count > 0 else { return }
        bytes.appendUnsafe(length: count) { $0.initializeMemory(as: UInt8.self, repeating: 0x09) }
    }

    private mutating func appendDigits(_ value: Int, width: Int) {
        bytes.appendUnsafe(length: width) { output in
            var rest = value
            for index in stride(from: width - 1, through: 0, by: -1) {
                output[index] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
                rest /= 10
            }
        }
    }

    /// Text with `&`, `<`, `>` escaped and CR as `&#13;`; characters XML 1.0 cannot carry throw.
    private mutating func appendEscaped(_ text: String) throws {
        var text = text
        let problem: String? = text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                if byte >= 0x40, byte != 0xEF { continue }
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "&"): replacement = "&amp;"
                case 0x0D: replacement = "&#13;"
                case 0xEF:
                    // U+FFFE and U+FFFF (EF BF BE / EF BF BF) are not XML characters.
                    if index + 2 < utf8.count, utf8[index + 1] == 0xBF, utf8[index + 2] >= 0xBE {
                        return "U+FFF\(utf8[index + 2] == 0xBE ? "E" : "F") cannot be written in XML"
                    }
                    continue
                case 0x09, 0x0A, 0x20...: continue
                default:
                    return "control character U+\(String(byte, radix: 16, uppercase: true)) cannot be written in XML"
                }
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[runStart..<index]))
                bytes.append(replacement)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[runStart...]))
            return nil
        }
        if let problem { throw AutoCodingError(.unrepresentable, problem) }
    }
}
