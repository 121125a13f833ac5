import Foundation
import PropertyList

/// The encodings the command line reads and writes: the two property-list formats and
/// canonical JSON.
public enum DocumentFormat: String, CaseIterable, Sendable {
    /// Apple's binary property list, `bplist00`.
    case binary
    /// The XML property list.
    case xml
    /// Canonical JSON (see `PropertyListValue.canonicalJSON()`).
    case json

    /// The name used in messages: `binary`, `XML`, `canonical JSON`.
    public var displayName: String {
        switch self {
        case .binary: return "binary"
        case .xml: return "XML"
        case .json: return "canonical JSON"
        }
    }

    /// Recognizes the format from the bytes alone, never from a file name.
    ///
    /// - Parameter data: The start (or all) of a document.
    /// - Returns: `.binary` for `bplist00`, `.xml` for `<` after an optional byte-order mark and
    ///   white space, `.json` for `{` after optional white space, otherwise `nil`.
    public static func detect(_ data: Data) -> DocumentFormat? {
        switch PropertyListFormat.detect(data) {
        case .binary?: return .binary
        case .xml?: return .xml
        default: break
        }
        let start = data.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return start.first == UInt8(ascii: "{") ? .json : nil
    }

    /// Reads a document in this format.
    ///
    /// - Parameter data: The document.
    /// - Returns: Its value.
    /// - Throws: `PropertyListError` saying what is wrong and where.
    public func decode(_ data: Data) throws -> PropertyListValue {
        switch self {
        case .binary: return try PropertyListValue(from: data, format: .binary)
        case .xml: return try PropertyListValue(from: data, format: .xml)
        case .json: return try PropertyListValue(canonicalJSON: data)
        }
    }

    /// Writes a value in this format; canonical JSON ends with a newline.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The document.
    /// - Throws: `PropertyListError` when the format cannot represent the value.
    public func encode(_ value: PropertyListValue, maximumLength: Int = .max) throws -> Data {
        switch self {
        case .binary: return try value.encoded(as: .binary, maximumLength: maximumLength)
        case .xml: return try value.encoded(as: .xml, maximumLength: maximumLength)
        case .json:
            var data = try value.canonicalJSONData(maximumLength: maximumLength)
            data.append(UInt8(ascii: "\n"))
            return data
        }
    }

    /// The most output the commands write for an input of `byteCount` bytes: 64 MiB, or 64 bytes
    /// per input byte for larger files.
    ///
    /// Binary property lists (and keyed archives) share what they repeat, so a file of kilobytes
    /// can stand for a tree whose text is gigabytes; the commands refuse such output with an error
    /// instead of exhausting memory.
    public static func outputLimit(forInputOfSize byteCount: Int) -> Int {
        let (scaled, overflow) = max(byteCount, 0).multipliedReportingOverflow(by: 64)
        return overflow ? .max : max(64 << 20, scaled)
    }

    /// The failure of a command whose output would pass ``outputLimit(forInputOfSize:)``.
    static func outputFailure(_ error: any Error, name: String, inputSize: Int) -> CommandFailure {
        CommandFailure("\(name): \(error); the \(inputSize)-byte input shares values that expand past the output "
                       + "limit of \(outputLimit(forInputOfSize: inputSize)) bytes")
    }
}
