import Foundation
import PropertyList

/// Finds where two property-list trees first differ, for failure messages that point at the
/// value instead of printing two whole trees.
public enum PropertyListDifference {
    /// The path and both values at the first difference, or `nil` when the trees are equal.
    ///
    /// Dictionaries are compared by key (order ignored), like `PropertyListValue`'s `==`.
    ///
    /// - Parameters:
    ///   - expected: The tree that should have been produced.
    ///   - actual: The tree that was produced.
    ///   - path: The path prefix for messages.
    /// - Returns: A sentence such as `root["a"][3]: expected real(-0.0), found real(0.0)`.
    public static func first(_ expected: PropertyListValue, _ actual: PropertyListValue,
                             path: String = "root") -> String? {
        switch (expected, actual) {
        case (.dictionary(let left), .dictionary(let right)):
            for (key, value) in left {
                guard let other = right[key] else { return "\(path): key \(quoted(key)) missing" }
                if let found = first(value, other, path: "\(path)[\(quoted(key))]") { return found }
            }
            for key in right.keys where left[key] == nil { return "\(path): unexpected key \(quoted(key))" }
            return nil
        case (.array(let left), .array(let right)):
            for (index, pair) in zip(left, right).enumerated() {
                if let found = first(pair.0, pair.1, path: "\(path)[\(index)]") { return found }
            }
            return left.count == right.count ? nil : "\(path): \(left.count) elements expected, \(right.count) found"
        case (.string(let left), .string(let right)):
            // Scalar-exact: Swift's String == treats canonically equivalent spellings as equal.
            return left.unicodeScalars.elementsEqual(right.unicodeScalars)
                ? nil : "\(path): expected \(quoted(left)), found \(quoted(right))"
        default:
            return expected == actual ? nil : "\(path): expected \(describe(expected)), found \(describe(actual))"
        }
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
            .joined() + "\""
    }

    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .real(let number): return "real(\(number), bits 0x\(String(number.bitPattern, radix: 16)))"
        case .real32(let number): return "real32(\(number), bits 0x\(String(number.bitPattern, radix: 16)))"
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            return "date(\(seconds), bits 0x\(String(seconds.bitPattern, radix: 16)))"
        case .dictionary(let dictionary): return "dict(\(dictionary.count) entries)"
        case .array(let array): return "array(\(array.count) elements)"
        default: return String(value.canonicalJSON().prefix(200))
        }
    }
}
