import Foundation

/// Writes the XML text of a value into a ``ByteBuffer``, formatted as Apple's writers format it.
///
/// Errors are ``PropertyListError/Kind/unrepresentable`` with `location.path` holding the path
/// below the root (`["people"][3]`); each container adds its component while the error passes
/// through, so the fast path never builds paths.
struct XMLPropertyListEmitter: ~Copyable {
    private var buffer: ByteBuffer

    /// Base64 lines are 76 characters, less 8 per tab of indentation (at most 8 tabs), as
    /// Apple's writers lay them out.
    private static let base64LineLength = 76
    private static let maximumDataIndentation = 8

    /// The first instant of year 1 and of year 10000, in seconds since 2001-01-01: the years a
    /// four-digit `<date>` can spell.
    private static let earliestDate = Double(GregorianDate.dayNumber(year: 1, month: 1, day: 1) * 86_400)
    private static let dateLimit = Double(GregorianDate.dayNumber(year: 10_000, month: 1, day: 1) * 86_400)

    init() {
        buffer = ByteBuffer(initialCapacity: 4_096)
    }

    /// Ends writing and returns the document.
    consuming func finish() -> Data {
        buffer.finish()
    }

    /// Writes the header, the value and the closing `</plist>`.
    mutating func emitDocument(_ value: PropertyListValue) throws(PropertyListError) {
        buffer.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
        try emit(value, depth: 0)
        buffer.append("</plist>\n")
    }

    /// Writes one value as a line (or lines) indented by `depth` tabs.
    private mutating func emit(_ value: PropertyListValue, depth: Int) throws(PropertyListError) {
        indent(depth)
        switch value {
        case .string(let text):
            buffer.append("<string>")
            try appendEscaped(text)
            buffer.append("</string>\n")
        case .integer(let number):
            buffer.append("<integer>")
            appendDecimal(number.isNegative ? 0 &- number.bits : number.bits, negative: number.isNegative)
            buffer.append("</integer>\n")
        case .real(let number):
            appendReal(number)
        case .real32(let number):
            appendReal(Double(number))
        case .bool(let flag):
            buffer.append(flag ? "<true/>\n" : "<false/>\n")
        case .date(let date):
            try appendDate(date)
        case .data(let bytes):
            appendData(bytes, depth: depth)
        case .uid(let number):
            buffer.append("<dict>\n")
            indent(depth + 1)
            buffer.append("<key>CF$UID</key>\n")
            indent(depth + 1)
            buffer.append("<integer>")
            appendDecimal(number, negative: false)
            buffer.append("</integer>\n")
            indent(depth)
            buffer.append("</dict>\n")
        case .array(let elements):
            guard !elements.isEmpty else {
                buffer.append("<array/>\n")
                return
            }
            buffer.append("<array>\n")
            for (position, element) in elements.enumerated() {
                do {
                    try emit(element, depth: depth + 1)
                } catch {
                    throw Self.prefixing(error, with: "[\(position)]")
                }
            }
            indent(depth)
            buffer.append("</array>\n")
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else {
                buffer.append("<dict/>\n")
                return
            }
            buffer.append("<dict>\n")
            for (key, element) in dictionary.entries {
                do {
                    indent(depth + 1)
                    buffer.append("<key>")
                    try appendEscaped(key)
                    buffer.append("</key>\n")
                    try emit(element, depth: depth + 1)
                } catch {
                    throw Self.prefixing(error, with: "[\(String(reflecting: key))]")
                }
            }
            indent(depth)
            buffer.append("</dict>\n")
        }
    }

    private static func prefixing(_ error: PropertyListError, with component: String) -> PropertyListError {
        var error = error
        error.location.path = component + (error.location.path ?? "")
        return error
    }

    private mutating func indent(_ depth: Int) {
        guard depth > 0 else { return }
        buffer.appendUnsafe(length: depth) { $0.initializeMemory(as: UInt8.self, repeating: 0x09) }
    }

    // MARK: Scalars

    /// Writes a non-negative magnitude in decimal, with a minus sign when `negative`.
    private mutating func appendDecimal(_ magnitude: UInt64, negative: Bool) {
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let length = digits + (negative ? 1 : 0)
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

    /// Writes the shortest decimal that reads back as the same `Double`, or Apple's spellings of
    /// NaN and the infinities.
    private mutating func appendReal(_ number: Double) {
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

    /// Writes `YYYY-MM-DDTHH:MM:SSZ`, dropping fractional seconds (rounding toward the past).
    private mutating func appendDate(_ date: Date) throws(PropertyListError) {
        let seconds = date.timeIntervalSinceReferenceDate.rounded(.down)
        guard seconds >= Self.earliestDate, seconds < Self.dateLimit else {
            throw PropertyListError(.unrepresentable,
                                    "date \(date.timeIntervalSinceReferenceDate) seconds after 2001-01-01 is outside "
                                    + "the years 1 through 9999 that an XML date can hold",
                                    at: .init(path: ""))
        }
        let fields = GregorianDate(secondsSinceReferenceDate: Int64(seconds))
        buffer.append("<date>")
        buffer.appendUnsafe(length: 20) { output in
            func put(_ value: Int, at offset: Int, width: Int) {
                var value = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    output[index] = UInt8(truncatingIfNeeded: value % 10) &+ UInt8(ascii: "0")
                    value /= 10
                }
            }
            put(Int(fields.year), at: 0, width: 4)
            output[4] = UInt8(ascii: "-")
            put(fields.month, at: 5, width: 2)
            output[7] = UInt8(ascii: "-")
            put(fields.day, at: 8, width: 2)
            output[10] = UInt8(ascii: "T")
            put(fields.hour, at: 11, width: 2)
            output[13] = UInt8(ascii: ":")
            put(fields.minute, at: 14, width: 2)
            output[16] = UInt8(ascii: ":")
            put(fields.second, at: 17, width: 2)
            output[19] = UInt8(ascii: "Z")
        }
        buffer.append("</date>\n")
    }

    private mutating func appendData(_ bytes: Data, depth: Int) {
        buffer.append("<data>\n")
        let tabs = min(depth, Self.maximumDataIndentation)
        bytes.withUnsafeBytes { raw in
            Base64.encode(raw, lineLength: Self.base64LineLength - 8 * tabs, indentation: tabs, into: &buffer)
        }
        indent(depth)
        buffer.append("</data>\n")
    }

    // MARK: Text

    /// Writes text with `&`, `<`, `>` escaped and CR as `&#13;` (so XML line-end normalization
    /// cannot turn it into LF); throws for characters XML 1.0 cannot carry at all.
    private mutating func appendEscaped(_ text: String) throws(PropertyListError) {
        var text = text
        let problem: String? = text.withUTF8 { appendEscaped(utf8: $0) }
        if let problem {
            throw PropertyListError(.unrepresentable, problem, at: .init(path: ""))
        }
    }

    /// Returns a description of the first character XML cannot hold, or `nil` when all is written.
    private mutating func appendEscaped(utf8: UnsafeBufferPointer<UInt8>) -> String? {
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
                return "U+FFF\(utf8[index + 2] == 0xBE ? "E" : "F") cannot be written in XML"
            default:
                return "control character U+" + String(repeating: "0", count: byte < 0x10 ? 3 : 2)
                    + String(byte, radix: 16, uppercase: true) + " cannot be written in XML"
            }
            appendBytes(utf8, runStart..<index)
            buffer.append(replacement)
            index += 1
            runStart = index
        }
        appendBytes(utf8, runStart..<count)
        return nil
    }

    private mutating func appendBytes(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard !range.isEmpty, let base = utf8.baseAddress else { return }
        buffer.append(contentsOf: UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
    }
}
