import Foundation

/// Writes a value as canonical JSON: the bytes Python's
/// `json.dumps(node, ensure_ascii=False, separators=(',', ':'), sort_keys=True)` gives for the same
/// tree of `{"type": …, "value": …}` nodes.
///
/// Writes straight into a ``ByteBuffer``: documents of many megabytes are dumped and diffed, so no
/// intermediate `String`s are built except for the shortest spelling of reals.
///
/// Containers nest as deep as the readers allow: deep work moves to a fresh stack (``StackGuard``).
package struct CanonicalJSONWriter: ~Copyable {
    private var buffer: ByteBuffer
    private var stackLimit = StackGuard.limit()

    /// Creates a writer with room for `initialCapacity` bytes that writes at most `limit`.
    init(initialCapacity: Int = 4096, limit: Int = .max) {
        buffer = ByteBuffer(initialCapacity: initialCapacity, limit: limit)
    }

    /// The finished document.
    ///
    /// - Throws: ``PropertyListError/Kind/outputLimitExceeded`` when the document passed the limit
    ///   or memory ran out.
    consuming func finish() throws(PropertyListError) -> Data {
        do {
            return try buffer.finish()
        } catch {
            throw PropertyListError(error)
        }
    }

    /// Appends `value` and everything in it.
    mutating func write(_ value: PropertyListValue) {
        if buffer.failure != nil { return }
        switch value {
        case .dictionary, .array:
            guard StackGuard.isExhausted(below: stackLimit) else { return writeContainer(value) }
            let saved = stackLimit
            defer { stackLimit = saved }
            do {
                try StackGuard.onFreshStack(unavailable: { $0 }) { (limit) throws(StackGuard.ThreadUnavailable) in
                    stackLimit = limit
                    writeContainer(value)
                }
            } catch {
                buffer.fail(ByteBuffer.Failure(neededBytes: buffer.count, limit: nil))
            }
        default:
            writeContainer(value)
        }
    }

    /// Appends `value`; a container's elements through ``write(_:)``.
    private mutating func writeContainer(_ value: PropertyListValue) {
        switch value {
        case .dictionary(let dictionary):
            buffer.append(#"{"type":"dict","value":{"#)
            var first = true
            for position in Self.codePointOrder(dictionary) {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                let entry = dictionary[position]
                writeString(entry.key)
                buffer.append(UInt8(ascii: ":"))
                write(entry.value)
            }
            buffer.append("}}")
        case .array(let elements):
            buffer.append(#"{"type":"array","value":["#)
            var first = true
            for element in elements {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                write(element)
            }
            buffer.append("]}")
        case .string(let string):
            buffer.append(#"{"type":"string","value":"#)
            writeString(string)
            buffer.append(UInt8(ascii: "}"))
        case .integer(let integer):
            buffer.append(#"{"type":"int","value":""#)
            if integer.isNegative {
                buffer.append(UInt8(ascii: "-"))
                // Two's-complement negation of the bits is the magnitude, Int64.min included.
                CanonicalRealFormatter.appendDecimal(0 &- integer.bits, to: &buffer)
            } else {
                CanonicalRealFormatter.appendDecimal(integer.bits, to: &buffer)
            }
            buffer.append(#""}"#)
        case .real(let real):
            writeReal(real, type: #"{"type":"real","value":""#)
        case .real32(let real):
            // Python reads 4-byte reals as doubles; widening is exact.
            writeReal(Double(real), type: #"{"type":"real","value":""#)
        case .bool(let bool):
            buffer.append(bool ? #"{"type":"bool","value":true}"# : #"{"type":"bool","value":false}"#)
        case .date(let date):
            writeReal(date.timeIntervalSinceReferenceDate, type: #"{"type":"date","value":""#)
        case .data(let data):
            buffer.append(#"{"type":"data","value":""#)
            writeHex(data)
            buffer.append(#""}"#)
        case .uid(let uid):
            buffer.append(#"{"type":"uid","value":""#)
            CanonicalRealFormatter.appendDecimal(uid, to: &buffer)
            buffer.append(#""}"#)
        }
    }

    private mutating func writeReal(_ real: Double, type prefix: StaticString) {
        buffer.append(prefix)
        CanonicalRealFormatter.append(real, to: &buffer)
        buffer.append(#""}"#)
    }

    /// `string` as a JSON string literal, escaped exactly as in canonical JSON (for other JSON
    /// output of the package, such as `archivist diff --json`).
    package static func quoted(_ string: String) -> String {
        var writer = CanonicalJSONWriter(initialCapacity: string.utf8.count + 2)
        writer.writeString(string)
        do {
            return String(decoding: try writer.finish(), as: UTF8.self)
        } catch {
            // Memory for a copy of the string ran out: say so in the output rather than stop.
            return #""(string not written: \#(error.reason))""#
        }
    }

    /// Appends `string` quoted, escaping what Python's `json` escapes with `ensure_ascii=False`:
    /// the quote, the backslash and C0 controls; everything else is raw UTF-8.
    private mutating func writeString(_ string: String) {
        buffer.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index {
                    buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[runStart..<index]))
                }
                runStart = index + 1
                appendEscape(for: byte)
            }
            if runStart < utf8.count {
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[runStart...]))
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): buffer.append(#"\""#)
        case UInt8(ascii: "\\"): buffer.append(#"\\"#)
        case 0x0A: buffer.append(#"\n"#)
        case 0x0D: buffer.append(#"\r"#)
        case 0x09: buffer.append(#"\t"#)
        case 0x08: buffer.append(#"\b"#)
        case 0x0C: buffer.append(#"\f"#)
        default:
            buffer.append(#"\u00"#)
            buffer.append(Self.hexDigits[Int(byte >> 4)])
            buffer.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `data` as lowercase hexadecimal, two digits per byte.
    private mutating func writeHex(_ data: Data) {
        let length = data.count
        guard length > 0 else { return }
        data.withUnsafeBytes { source in
            Self.hexDigits.withUnsafeBufferPointer { digits in
                buffer.appendUnsafe(length: length * 2) { out in
                    var offset = 0
                    for byte in source {
                        out[offset] = digits[Int(byte >> 4)]
                        out[offset + 1] = digits[Int(byte & 0x0F)]
                        offset += 2
                    }
                }
            }
        }
    }

    /// Entry positions of `dictionary` sorted by key in Unicode code-point order, which is what
    /// Python's `sort_keys` uses. Swift's `String <` compares canonical equivalents instead, so the
    /// UTF-8 bytes are compared: UTF-8 byte order is code-point order.
    static func codePointOrder(_ dictionary: PropertyListDictionary) -> [Int] {
        var positions = Array(dictionary.indices)
        guard positions.count > 1 else { return positions }
        positions.sort { codePointPrecedes(dictionary[$0].key, dictionary[$1].key) }
        return positions
    }

    /// Whether `left` sorts before `right` by Unicode code points.
    static func codePointPrecedes(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                let common = min(leftBytes.count, rightBytes.count)
                if common > 0, let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress {
                    let order = memcmp(leftBase, rightBase, common)
                    if order != 0 { return order < 0 }
                }
                return leftBytes.count < rightBytes.count
            }
        }
    }
}
