import Foundation

/// Renders a value as an indented, type-tagged tree, one node per line, for people to read
/// (`archivist dump`).
///
/// ```
/// dict (3)
///   "name": string "Ada"
///   "tags": array (2)
///     [0] string "x"
///     [1] string "y"
///   "photo": data (1024 bytes) 89504e470d0a1a0a0000000d49484452…
/// ```
///
/// Output is deterministic: dictionaries in insertion order, reals spelled like canonical JSON,
/// dates in ISO 8601 UTC (with fractional seconds when they are not whole), data as its size and
/// first bytes in hexadecimal. Strings are shown whole, quoted, with quotes, backslashes and
/// control, line-separator and bidirectional-override characters escaped so each node stays on
/// one line and reads as it is.
///
/// Indentation stops growing at ``maximumIndentedLevels`` levels: deeper lines are indented as
/// deep as that and begin with their level (`(level 40) `), so the output of a deeply nested value
/// grows with its size, not with the square of its depth. Values nest as deep as the readers allow
/// without exhausting the stack.
public struct PropertyListTreeFormatter: Sendable {
    /// The deepest level whose lines are indented further (32).
    public static let maximumIndentedLevels = 32

    /// Spaces per nesting level. Default 2.
    public var indentWidth: Int
    /// How many leading bytes of data values to show in hexadecimal. Default 16.
    public var dataPreviewLength: Int

    /// Creates a formatter.
    ///
    /// - Parameters:
    ///   - indentWidth: Spaces per nesting level (negative counts as 0).
    ///   - dataPreviewLength: Leading bytes of data values shown in hexadecimal (negative counts as 0).
    public init(indentWidth: Int = 2, dataPreviewLength: Int = 16) {
        self.indentWidth = max(0, indentWidth)
        self.dataPreviewLength = max(0, dataPreviewLength)
    }

    /// The tree for `value`, each line ending in a newline.
    ///
    /// - Parameter value: The root to render.
    /// - Returns: The rendered tree.
    public func string(for value: PropertyListValue) -> String {
        String(decoding: data(for: value), as: UTF8.self)
    }

    /// The tree for `value` as UTF-8 bytes, each line ending in a newline.
    ///
    /// If memory for the text runs out, the text ends early with a line saying so. Use
    /// ``data(for:maximumLength:)`` for values read from untrusted input: shared references can
    /// make a small file describe a very large tree.
    ///
    /// - Parameter value: The root to render.
    /// - Returns: The rendered tree.
    public func data(for value: PropertyListValue) -> Data {
        var buffer = ByteBuffer()
        write(value, level: 0, to: &buffer, stackLimit: StackGuard.limit())
        let length = buffer.count
        do {
            return try buffer.finish()
        } catch {
            return Data("… \(length) bytes written, then the output stopped: \(error.reason)\n".utf8)
        }
    }

    /// The tree for `value` as UTF-8 bytes, each line ending in a newline, or an error once it
    /// would pass `maximumLength` bytes.
    ///
    /// - Parameters:
    ///   - value: The root to render.
    ///   - maximumLength: The most bytes the text may have.
    /// - Returns: The rendered tree.
    /// - Throws: ``PropertyListError/Kind/outputLimitExceeded`` when the text would be longer, or
    ///   memory for it runs out.
    public func data(for value: PropertyListValue, maximumLength: Int) throws(PropertyListError) -> Data {
        var buffer = ByteBuffer(initialCapacity: Swift.min(maximumLength, 4096), limit: maximumLength)
        write(value, level: 0, to: &buffer, stackLimit: StackGuard.limit())
        do {
            return try buffer.finish()
        } catch {
            throw PropertyListError(error)
        }
    }

    private func write(_ value: PropertyListValue, level: Int, to buffer: inout ByteBuffer, stackLimit: UInt) {
        if buffer.failure != nil { return }
        switch value {
        case .dictionary, .array:
            if StackGuard.isExhausted(below: stackLimit) {
                do {
                    try StackGuard.onFreshStack(unavailable: { $0 }) { (limit) throws(StackGuard.ThreadUnavailable) in
                        writeContainer(value, level: level, to: &buffer, stackLimit: limit)
                    }
                } catch {
                    buffer.fail(ByteBuffer.Failure(neededBytes: buffer.count, limit: nil))
                }
                return
            }
            writeContainer(value, level: level, to: &buffer, stackLimit: stackLimit)
        default:
            writeScalar(value, to: &buffer)
        }
    }

    private func writeContainer(_ value: PropertyListValue, level: Int, to buffer: inout ByteBuffer, stackLimit: UInt) {
        switch value {
        case .dictionary(let dictionary):
            buffer.append("dict (")
            CanonicalRealFormatter.appendDecimal(UInt64(dictionary.count), to: &buffer)
            buffer.append(")\n")
            for (key, element) in dictionary {
                indent(level + 1, to: &buffer)
                appendQuoted(key, to: &buffer)
                buffer.append(": ")
                write(element, level: level + 1, to: &buffer, stackLimit: stackLimit)
            }
        case .array(let elements):
            buffer.append("array (")
            CanonicalRealFormatter.appendDecimal(UInt64(elements.count), to: &buffer)
            buffer.append(")\n")
            for (position, element) in elements.enumerated() {
                indent(level + 1, to: &buffer)
                buffer.append(UInt8(ascii: "["))
                CanonicalRealFormatter.appendDecimal(UInt64(position), to: &buffer)
                buffer.append("] ")
                write(element, level: level + 1, to: &buffer, stackLimit: stackLimit)
            }
        default:
            writeScalar(value, to: &buffer)
        }
    }

    private func writeScalar(_ value: PropertyListValue, to buffer: inout ByteBuffer) {
        switch value {
        case .dictionary, .array:
            return
        case .string(let string):
            buffer.append("string ")
            appendQuoted(string, to: &buffer)
        case .integer(let integer):
            buffer.append("int ")
            buffer.append(utf8: integer.description)
        case .real(let real):
            buffer.append("real ")
            CanonicalRealFormatter.append(real, to: &buffer)
        case .real32(let real):
            buffer.append("real32 ")
            buffer.append(utf8: real.description)
        case .bool(let bool):
            buffer.append(bool ? "bool true" : "bool false")
        case .date(let date):
            buffer.append("date ")
            buffer.append(utf8: TreeDateFormatter.string(for: date.timeIntervalSinceReferenceDate))
        case .data(let data):
            buffer.append("data (")
            CanonicalRealFormatter.appendDecimal(UInt64(data.count), to: &buffer)
            buffer.append(data.count == 1 ? " byte)" : " bytes)")
            if !data.isEmpty && dataPreviewLength > 0 {
                buffer.append(UInt8(ascii: " "))
                for byte in data.prefix(dataPreviewLength) {
                    buffer.append(Self.hexDigits[Int(byte >> 4)])
                    buffer.append(Self.hexDigits[Int(byte & 0x0F)])
                }
                if data.count > dataPreviewLength { buffer.append("…") }
            }
        case .uid(let uid):
            buffer.append("uid ")
            CanonicalRealFormatter.appendDecimal(uid, to: &buffer)
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private func indent(_ level: Int, to buffer: inout ByteBuffer) {
        let shown = Swift.min(level, Self.maximumIndentedLevels)
        let (count, overflow) = shown.multipliedReportingOverflow(by: indentWidth)
        if !overflow, count > 0 { buffer.append(repeating: UInt8(ascii: " "), count: count) }
        if level > shown {
            buffer.append("(level ")
            CanonicalRealFormatter.appendDecimal(UInt64(level), to: &buffer)
            buffer.append(") ")
        }
    }

    /// Appends `text` in double quotes, escaping what would break the line or mislead the eye.
    private func appendQuoted(_ text: String, to buffer: inout ByteBuffer) {
        buffer.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": buffer.append(#"\""#)
            case "\\": buffer.append(#"\\"#)
            case "\n": buffer.append(#"\n"#)
            case "\r": buffer.append(#"\r"#)
            case "\t": buffer.append(#"\t"#)
            case "\0": buffer.append(#"\0"#)
            default:
                if Self.needsEscape(scalar) {
                    buffer.append(#"\u{"#)
                    buffer.append(utf8: String(scalar.value, radix: 16))
                    buffer.append(UInt8(ascii: "}"))
                } else {
                    for byte in scalar.utf8 { buffer.append(byte) }
                }
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// C0 and C1 controls, DEL, line and paragraph separators, and bidirectional controls.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
            return true
        default:
            return false
        }
    }
}
