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

    /// `text` as a JSON string, escaped as canonical JSON escapes it.
    static func string(_ text: String) -> String { CanonicalJSONWriter.quoted(text) }
}
