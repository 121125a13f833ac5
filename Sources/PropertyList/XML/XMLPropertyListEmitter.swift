import Foundation

/// Writes the XML text of a value into a ``ByteBuffer``, formatted as Apple's writers format it.
///
/// Errors are ``PropertyListError/Kind/unrepresentable`` with `location.path` holding the path
/// below the root (`["people"][3]`), built from the stack of open containers only when thrown.
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

    /// An array or dictionary being written: its contents and how far writing has got.
    private struct Frame {
        let elements: [PropertyListValue]
        let dictionary: PropertyListDictionary
        let isDictionary: Bool
        let depth: Int
        /// The position of the next child to write.
        var next = 0

        var count: Int { isDictionary ? dictionary.count : elements.count }

        /// The path component of the child at `position`: `[3]` or `["name"]`.
        func component(at position: Int) -> String {
            isDictionary ? "[\(String(reflecting: dictionary[position].key))]" : "[\(position)]"
        }
    }

    /// Writes the header, the value and the closing `</plist>`.
    mutating func emitDocument(_ value: PropertyListValue) throws(PropertyListError) {
        buffer.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
        try emitTree(value)
        buffer.append("</plist>\n")
    }

    /// Writes a value and everything in it. Containers wait on an explicit stack rather than the
    /// call stack, so however deep the value, writing cannot overflow the thread's stack.
    private mutating func emitTree(_ root: PropertyListValue) throws(PropertyListError) {
        var stack: [Frame] = []
        try emit(root, depth: 0, opening: &stack)
        while !stack.isEmpty {
            let top = stack.count - 1
            let position = stack[top].next
            guard position < stack[top].count else {
                let frame = stack.removeLast()
                indent(frame.depth)
                buffer.append(frame.isDictionary ? "</dict>\n" : "</array>\n")
                continue
            }
            stack[top].next += 1
            let depth = stack[top].depth + 1
            do {
                if stack[top].isDictionary {
                    let entry = stack[top].dictionary[position]
                    indent(depth)
                    buffer.append("<key>")
                    try appendEscaped(entry.key)
                    buffer.append("</key>\n")
                    try emit(entry.value, depth: depth, opening: &stack)
                } else {
                    try emit(stack[top].elements[position], depth: depth, opening: &stack)
                }
            } catch {
                // The path is the child being written in each open container, outermost first.
                var located = error
                located.location.path = stack.prefix(top + 1).map { $0.component(at: $0.next - 1) }.joined()
                throw located
            }
        }
    }

    /// Writes a scalar or empty container, or the start tag of a container (then pushed on `stack`).
    private mutating func emit(_ value: PropertyListValue, depth: Int,
                               opening stack: inout [Frame]) throws(PropertyListError) {
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
            if elements.isEmpty {
                buffer.append("<array/>\n")
            } else {
                buffer.append("<array>\n")
                stack.append(Frame(elements: elements, dictionary: PropertyListDictionary(), isDictionary: false, depth: depth))
            }
        case .dictionary(let dictionary):
            if dictionary.isEmpty {
                buffer.append("<dict/>\n")
            } else {
                buffer.append("<dict>\n")
                stack.append(Frame(elements: [], dictionary: dictionary, isDictionary: true, depth: depth))
            }
        }
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
