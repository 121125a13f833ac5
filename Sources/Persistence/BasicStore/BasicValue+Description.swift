import Foundation

extension BasicValue: CustomStringConvertible {
    /// A compact, deterministic rendering for logs and the demo: strings quoted, dates in
    /// ISO 8601 (UTC, with fractional seconds when present), data as its size, dictionaries with
    /// sorted keys — e.g. `{"age": 36, "tags": ["a", "b"], "seen": 2026-11-30T06:00:00Z}`.
    public var description: String {
        switch self {
        case .string(let value): return String(reflecting: value)
        case .integer(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .date(let value): return Self.dateText(value)
        case .data(let value): return "<\(value.count) bytes>"
        case .url(let value): return value.absoluteString
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let entries):
            let items = entries.keys.sorted().map { key in
                "\(String(reflecting: key)): \(entries[key]?.description ?? "")"
            }
            return "{" + items.joined(separator: ", ") + "}"
        }
    }

    private static func dateText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        formatter.formatOptions = whole ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
