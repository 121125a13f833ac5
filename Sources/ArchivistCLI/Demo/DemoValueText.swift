import Foundation
import Persistence

/// How the demo prints basic-store values: Swift-literal-like, keys sorted, so the output is stable.
enum DemoValueText {
    /// `"dark"`, `3`, `0.75`, `true`, `["a", "b"]`, `["k": 1]`, dates in UTC.
    ///
    /// - Parameter value: A basic value.
    /// - Returns: Its text.
    static func text(_ value: BasicValue) -> String {
        switch value {
        case .string(let string): return "\"\(string)\""
        case .integer(let integer): return String(integer)
        case .double(let double): return String(double)
        case .bool(let bool): return String(bool)
        case .date(let date): return "\(date)"
        case .data(let data): return "<\(data.count) bytes>"
        case .url(let url): return url.absoluteString
        case .array(let elements): return "[" + elements.map(text).joined(separator: ", ") + "]"
        case .dictionary(let entries):
            return "[" + entries.keys.sorted().map { "\"\($0)\": \(entries[$0].map(text) ?? "")" }.joined(separator: ", ") + "]"
        }
    }
}
