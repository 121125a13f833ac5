import Foundation

/// How Apple's XML property list writers spell the document frame and each scalar, shared by
/// ``XMLPropertyListWriter`` and AutoCoding's direct XML archive writer so both stay byte-identical.
///
/// Nothing here throws: where a value cannot be written the functions say so, and each writer
/// raises its own error (with a path, or in its own error type).
package enum XMLScalarSpelling {
    /// Base64 lines are 76 characters, less 8 per tab of indentation (at most 8 tabs), as
    /// Apple's writers lay them out.
    package static let base64LineLength = 76
    package static let maximumDataIndentation = 8

    /// A character that XML 1.0 cannot carry in any form.
    package struct UnwritableCharacter: Sendable, Hashable {
        /// The character's code point: a C0 control other than tab, LF and CR, or U+FFFE / U+FFFF.
        package var scalar: UInt32

        /// Describes the character, with the code point written in at least `minimumDigits` hex digits.
        package func message(minimumDigits: Int) -> String {
            if scalar >= 0xFFFE {
                return "U+\(String(scalar, radix: 16, uppercase: true)) cannot be written in XML"
            }
            let hex = String(scalar, radix: 16, uppercase: true)
            return "control character U+" + String(repeating: "0", count: max(0, minimumDigits - hex.count)) + hex
                + " cannot be written in XML"
        }
    }

    // MARK: Frame

    /// Appends the XML declaration, Apple's document type and `<plist version="1.0">`.
    @inlinable
    package static func appendDocumentStart(into buffer: inout ByteBuffer) {
        buffer.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
    }

    /// Appends the closing `</plist>` line.
    @inlinable
    package static func appendDocumentEnd(into buffer: inout ByteBuffer) {
        buffer.append("</plist>\n")
    }

    /// Appends `depth` tabs.
    @inlinable
    package static func appendIndentation(_ depth: Int, into buffer: inout ByteBuffer) {
        guard depth > 0 else { return }
        buffer.appendUnsafe(length: depth) { $0.initializeMemory(as: UInt8.self, repeating: 0x09) }
    }

    // MARK: Numbers

    /// Appends `<integer>…</integer>` and a newline: a magnitude with a minus sign when `negative`.
    @inlinable
    package static func appendInteger(magnitude: UInt64, negative: Bool, into buffer: inout ByteBuffer) {
        buffer.append("<integer>")
        appendDecimal(magnitude, negative: negative, into: &buffer)
        buffer.append("</integer>\n")
    }

    /// Appends a non-negative magnitude in decimal, with a minus sign when `negative`.
    @inlinable
    package static func appendDecimal(_ magnitude: UInt64, negative: Bool, into buffer: inout ByteBuffer) {
        let length = decimalDigitCount(magnitude) + (negative ? 1 : 0)
        buffer.appendUnsafe(length: length) { output in
            var value = magnitude
            var index = length - 1
            repeat {
                output[index] = UInt8(truncatingIfNeeded: value % 10) &+ UInt8(ascii: "0")
                value /= 10
                index -= 1
            } while value > 0
            if negative { output[0] = UInt8(ascii: "-") }
        }
    }

    /// Appends `<real>…</real>` and a newline: the shortest decimal that reads back as the same
    /// `Double`, or Apple's spellings of NaN and the infinities.
    @inlinable
    package static func appendReal(_ number: Double, into buffer: inout ByteBuffer) {
        buffer.append("<real>")
        if number.isNaN {
            buffer.append("nan")
        } else if number.isInfinite {
            buffer.append(number < 0 ? "-infinity" : "+infinity")
        } else {
            buffer.append(utf8: number.description)
        }
        buffer.append("</real>\n")
    }

    // MARK: Dates

    /// The fields `<date>` spells for `date`: whole seconds rounding toward the past (the text) and
    /// the exact decimal fraction (the `fraction` attribute), or `nil` when `date` is NaN, infinite
    /// or outside the years −999,999,999 through 999,999,999 (see ``XMLDateFields``).
    @inlinable
    package static func dateFields(of date: Date) -> XMLDateFields? {
        XMLDateFields(date)
    }

    /// Appends `<date>…</date>` and a newline, from ``dateFields(of:)``.
    ///
    /// The text is the whole second, rounded toward the past. In years 0 through 9999 it is
    /// `YYYY-MM-DDTHH:MM:SSZ`, as Foundation and `plistlib` write them. Other years have at least
    /// four digits and a minus sign when negative (`-0001-12-31T00:00:00Z`, ISO 8601's expanded
    /// form), and no plus sign beyond 9999 (`10000-01-01T00:00:00Z`), as Foundation writes them.
    ///
    /// A fraction of a second goes in a `fraction` attribute, so that readers which know nothing
    /// of it (CoreFoundation, swift-foundation, `plistlib`) ignore it and read the whole second:
    /// −0.25 s is `<date fraction="0.75">2000-12-31T23:59:59Z</date>`. Whole seconds have no
    /// attribute.
    @inlinable
    package static func appendDate(_ fields: XMLDateFields, into buffer: inout ByteBuffer) {
        if fields.fraction.isEmpty {
            buffer.append("<date>")
        } else {
            buffer.append("<date fraction=\"0.")
            buffer.append(fields.fraction)
            buffer.append("\">")
        }
        let date = fields.calendar
        if date.year >= 0, date.year <= 9_999 {
            buffer.appendUnsafe(length: 20) { output in
                put(Int(date.year), at: 0, width: 4, into: output)
                putMonthToSecond(of: date, at: 4, into: output)
                output[19] = UInt8(ascii: "Z")
            }
        } else {
            let year = date.year.magnitude
            if date.year < 0 { buffer.append(UInt8(ascii: "-")) }
            for _ in 0..<max(0, 4 - decimalDigitCount(year)) { buffer.append(UInt8(ascii: "0")) }
            appendDecimal(year, negative: false, into: &buffer)
            buffer.appendUnsafe(length: 16) { output in
                putMonthToSecond(of: date, at: 0, into: output)
                output[15] = UInt8(ascii: "Z")
            }
        }
        buffer.append("</date>\n")
    }

    /// Writes `-MM-DDTHH:MM:SS` (15 bytes) at `offset`.
    @inlinable
    static func putMonthToSecond(of date: GregorianDate, at offset: Int, into output: UnsafeMutableRawBufferPointer) {
        output[offset] = UInt8(ascii: "-")
        put(date.month, at: offset + 1, width: 2, into: output)
        output[offset + 3] = UInt8(ascii: "-")
        put(date.day, at: offset + 4, width: 2, into: output)
        output[offset + 6] = UInt8(ascii: "T")
        put(date.hour, at: offset + 7, width: 2, into: output)
        output[offset + 9] = UInt8(ascii: ":")
        put(date.minute, at: offset + 10, width: 2, into: output)
        output[offset + 12] = UInt8(ascii: ":")
        put(date.second, at: offset + 13, width: 2, into: output)
    }

    /// Writes the last `width` decimal digits of a non-negative `value` at `offset`.
    @inlinable
    static func put(_ value: Int, at offset: Int, width: Int, into output: UnsafeMutableRawBufferPointer) {
        var value = value
        for index in stride(from: offset + width - 1, through: offset, by: -1) {
            output[index] = UInt8(truncatingIfNeeded: value % 10) &+ UInt8(ascii: "0")
            value /= 10
        }
    }

    /// The number of decimal digits of `value` (1 for 0).
    @inlinable
    static func decimalDigitCount(_ value: UInt64) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    // MARK: Data

    /// Appends `<data>`, the bytes in base64 lines indented to `depth`, and `</data>` at `depth`.
    /// The opening tag's own indentation is the caller's.
    @inlinable
    package static func appendData(_ bytes: Data, depth: Int, into buffer: inout ByteBuffer) {
        buffer.append("<data>\n")
        let tabs = min(depth, maximumDataIndentation)
        bytes.withUnsafeBytes { raw in
            Base64.encode(raw, lineLength: base64LineLength - 8 * tabs, indentation: tabs, into: &buffer)
        }
        appendIndentation(depth, into: &buffer)
        buffer.append("</data>\n")
    }

    // MARK: Text

    /// Appends text with `&`, `<`, `>` escaped and CR as `&#13;` (so XML line-end normalization
    /// cannot turn it into LF).
    ///
    /// - Returns: The first character XML 1.0 cannot carry (the text is then partly written), or
    ///   `nil` when all of it was written.
    @inlinable
    package static func appendEscaped(_ text: String, into buffer: inout ByteBuffer) -> UnwritableCharacter? {
        var text = text
        return text.withUTF8 { appendEscaped(utf8: $0, into: &buffer) }
    }

    /// ``appendEscaped(_:into:)`` for UTF-8 bytes.
    @inlinable
    package static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>,
                                      into buffer: inout ByteBuffer) -> UnwritableCharacter? {
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            // Every byte that needs attention is below 0x40, or 0xEF (the lead of U+FFFE and U+FFFF).
            if byte >= 0x40, byte != 0xEF {
                index += 1
                continue
            }
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "&"): replacement = "&amp;"
            case 0x0D: replacement = "&#13;"
            case 0x09, 0x0A, 0x20...:
                let isNoncharacter = byte == 0xEF && index + 2 < count && utf8[index + 1] == 0xBF
                    && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF)
                guard isNoncharacter else {
                    index += 1
                    continue
                }
                return UnwritableCharacter(scalar: utf8[index + 2] == 0xBE ? 0xFFFE : 0xFFFF)
            default:
                return UnwritableCharacter(scalar: UInt32(byte))
            }
            appendBytes(utf8, runStart..<index, into: &buffer)
            buffer.append(replacement)
            index += 1
            runStart = index
        }
        appendBytes(utf8, runStart..<count, into: &buffer)
        return nil
    }

    @inlinable
    static func appendBytes(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into buffer: inout ByteBuffer) {
        guard !range.isEmpty, let base = utf8.baseAddress else { return }
        buffer.append(contentsOf: UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
    }
}
