import PropertyList

/// `archivist diff --json` output: keys sorted, values as canonical JSON nodes, one line.
enum DiffJSON {
    static func document(_ changes: [PropertyListChange], root: String) -> String {
        let items = changes.map { change -> String in
            var fields = ["\"kind\":\(string(change.kind.rawValue))"]
            if let new = change.new { fields.append("\"new\":\(new.canonicalJSON())") }
            if let old = change.old { fields.append("\"old\":\(old.canonicalJSON())") }
            fields.append("\"path\":\(string(change.pathText(root: root)))")
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "{\"changes\":[\(items.joined(separator: ","))],\"equal\":\(changes.isEmpty)}"
    }

    /// `text` as a JSON string (the canonical JSON escaping).
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
