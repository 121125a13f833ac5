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
    @inlinable @inline(__always)
    package static func appendIndentation(_ depth: Int, into buffer: inout ByteBuffer) {
        buffer.append(repeating: 0x09, count: depth)
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
        } else if !appendShortDecimal(number, into: &buffer) {
            buffer.append(utf8: number.description)
        }
        buffer.append("</real>\n")
    }

    /// Appends `number` as `description` spells it when that is quick to know without it: when
    /// 0.0001 ≤ |number| < 10¹⁵ and `number` is the `Double` nearest to a decimal of at most 15
    /// significant digits. That decimal is then the shortest that reads back as `number` (two
    /// decimals of 15 digits or fewer never share a `Double`, so no shorter one can), and
    /// `description` writes it in positional form with at least one fraction digit.
    ///
    /// - Returns: Whether it was appended; otherwise nothing was written.
    @inlinable
    package static func appendShortDecimal(_ number: Double, into buffer: inout ByteBuffer) -> Bool {
        let magnitude = number.magnitude
        guard magnitude >= 0.0001, magnitude < 1e15 else { return false }
        // The fewest fraction digits whose scaled value is a whole number below 10¹⁵ that divides
        // back to `magnitude` exactly (both operands are exact, so the division rounds once).
        var power = 1.0
        var fractionDigits = 0
        var digits: UInt64 = 0
        while true {
            let product = magnitude * power
            guard product < 1e15 else { return false }
            // Rounded to a whole number by adding and taking away 2⁵² (exact below 2⁵²; no libm call).
            let scaled = (product + 0x1p52) - 0x1p52
            if scaled / power == magnitude {
                digits = UInt64(scaled)
                break
            }
            guard fractionDigits < 19 else { return false }
            fractionDigits += 1
            power *= 10
        }
        // (The fewest digits never end in 0; this only makes sure.)
        while fractionDigits > 0, digits % 10 == 0 {
            digits /= 10
            fractionDigits -= 1
        }
        var divisor: UInt64 = 1
        for _ in 0..<fractionDigits { divisor *= 10 }
        let whole = digits / divisor
        var fraction = digits % divisor
        appendDecimal(whole, negative: number < 0, into: &buffer)
        buffer.append(UInt8(ascii: "."))
        guard fractionDigits > 0 else {
            buffer.append(UInt8(ascii: "0"))
            return true
        }
        buffer.appendUnsafe(length: fractionDigits) { output in
            var index = fractionDigits - 1
            while index >= 0 {
                output[index] = UInt8(truncatingIfNeeded: fraction % 10) &+ UInt8(ascii: "0")
                fraction /= 10
                index -= 1
            }
        }
        return true
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
        if let result = text.utf8.withContiguousStorageIfAvailable({ appendEscaped(utf8: $0, into: &buffer) }) {
            return result
        }
        var text = text
        return text.withUTF8 { appendEscaped(utf8: $0, into: &buffer) }
    }

    /// ``appendEscaped(_:into:)`` for UTF-8 bytes.
    @inlinable
    package static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>,
                                      into buffer: inout ByteBuffer) -> UnwritableCharacter? {
        let count = utf8.count
        guard let source = utf8.baseAddress, count > 0 else { return nil }
        // Copied as it is scanned, eight bytes at a time where none needs attention. Room is kept
        // for the rest of the text and eight bytes more (whole words are stored), and made again
        // after each replacement, which is longer than the byte it replaces.
        guard buffer.reserve(count + 8) else { return nil }
        var output = buffer.base
        var out = buffer.count
        // Text that needs nothing, checked in at most two overlapping words, is copied at once.
        if count >= 8, count <= 16 {
            let head = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
            let tail = UnsafeRawPointer(source).loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            if !needsAttention(UInt64(littleEndian: head)), !needsAttention(UInt64(littleEndian: tail)) {
                ByteBuffer.copy(count, from: source, to: output + out)
                buffer.count = out + count
                return nil
            }
        } else if count >= 4, count < 8 {
            let head = UnsafeRawPointer(source).loadUnaligned(as: UInt32.self)
            let tail = UnsafeRawPointer(source).loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            let both = UInt64(UInt32(littleEndian: head)) | UInt64(UInt32(littleEndian: tail)) << 32
            if !needsAttention(both) {
                ByteBuffer.copy(count, from: source, to: output + out)
                buffer.count = out + count
                return nil
            }
        }
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                if !needsAttention(UInt64(littleEndian: word)) {
                    output.storeBytes(of: word, toByteOffset: out, as: UInt64.self)
                    out += 8
                    index += 8
                    continue
                }
            } else if count >= 8 {
                // The last bytes, in the word that ends the text (its first bytes are written again,
                // with the same values: nothing before `index` needed attention).
                let word = UnsafeRawPointer(source + count - 8).loadUnaligned(as: UInt64.self)
                if !needsAttention(UInt64(littleEndian: word)) {
                    output.storeBytes(of: word, toByteOffset: out - (index - (count - 8)), as: UInt64.self)
                    out += count - index
                    index = count
                    break
                }
            }
            let byte = source[index]
            // Every byte that needs attention is below 0x20 (but tab and LF), `&`, `<`, `>`, or
            // 0xEF (the lead of U+FFFE and U+FFFF); below 0x40 a mask says which.
            if byte >= 0x40 ? byte != 0xEF : (0x5000_0040_FFFF_F9FF as UInt64) >> UInt64(byte) & 1 == 0 {
                output.storeBytes(of: byte, toByteOffset: out, as: UInt8.self)
                out += 1
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
                let isNoncharacter = byte == 0xEF && index + 2 < count && source[index + 1] == 0xBF
                    && (source[index + 2] == 0xBE || source[index + 2] == 0xBF)
                guard isNoncharacter else {
                    output.storeBytes(of: byte, toByteOffset: out, as: UInt8.self)
                    out += 1
                    index += 1
                    continue
                }
                buffer.count = out
                return UnwritableCharacter(scalar: source[index + 2] == 0xBE ? 0xFFFE : 0xFFFF)
            default:
                buffer.count = out
                return UnwritableCharacter(scalar: UInt32(byte))
            }
            buffer.count = out
            buffer.append(replacement)
            index += 1
            guard buffer.reserve(count - index + 8) else { return nil }
            output = buffer.base
            out = buffer.count
        }
        buffer.count = out
        return nil
    }

    /// Whether any of eight bytes is one ``appendEscaped(utf8:into:)`` looks at: below 0x20, `&`,
    /// `<`, `>` or 0xEF. (A byte of `x` is zero, or below `n`, exactly when some byte makes
    /// `(x - n·0x01…) & ~x` have its high bit; only whether any does is used.)
    @inlinable @inline(__always)
    static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let ampersand = word ^ (ones &* 0x26)
        let less = word ^ (ones &* 0x3C)
        let greater = word ^ (ones &* 0x3E)
        let lead = word ^ (ones &* 0xEF)
        let found = (word &- ones &* 0x20) & ~word
            | (ampersand &- ones) & ~ampersand
            | (less &- ones) & ~less
            | (greater &- ones) & ~greater
            | (lead &- ones) & ~lead
        return found & highs != 0
    }

    /// Whether `utf8` can be written as XML text as it is: nothing to escape and nothing XML
    /// cannot carry (for keys checked once and written many times).
    package static func isPlainText(utf8: UnsafeRawBufferPointer) -> Bool {
        var scratch = ByteBuffer(initialCapacity: utf8.count)
        let unwritable = appendEscaped(utf8: utf8.assumingMemoryBound(to: UInt8.self), into: &scratch)
        return unwritable == nil && scratch.count == utf8.count
    }
}
