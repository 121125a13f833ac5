/// One-line renderings of values for change reports: scalars whole, containers by size.
package enum PropertyListValueSummary {
    /// The value with its type, as the tree view spells it: `int 2`, `string "x"`, `dict (3)`.
    package static func tagged(_ value: PropertyListValue?) -> String {
        guard let value else { return "nothing" }
        switch value {
        case .dictionary(let dictionary): return "dict (\(dictionary.count))"
        case .array(let elements): return "array (\(elements.count))"
        default:
            var line = PropertyListTreeFormatter(dataPreviewLength: 16).string(for: value)
            if line.hasSuffix("\n") { line.removeLast() }
            return line
        }
    }

    /// The value without its type tag (`2`, `"x"`), for changes where both sides share the type;
    /// reals of different widths keep their tags.
    package static func untagged(_ value: PropertyListValue?) -> String {
        let text = tagged(value)
        guard let value else { return text }
        switch value {
        case .dictionary, .array, .real32: return text
        default:
            let prefix = value.typeName + " "
            return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
        }
    }

    /// `text` in double quotes with quotes, backslashes and controls escaped.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += #"\""#
            case "\\": result += #"\\"#
            case "\n": result += #"\n"#
            case "\t": result += #"\t"#
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
