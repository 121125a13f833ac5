import PropertyList

/// `archivist diff --json` output: keys sorted, values as canonical JSON nodes, one line.
enum DiffJSON {
    /// The document, or ``PropertyListError/Kind/outputLimitExceeded`` once it would pass `limit`
    /// bytes (values that share subtrees can stand for far more JSON than their files hold).
    static func document(_ changes: [PropertyListChange], root: String, limit: Int = .max) throws(PropertyListError) -> String {
        let overLimit = PropertyListError(.outputLimitExceeded, "the output would exceed its limit of \(limit) bytes")
        var remaining = limit
        func json(_ value: PropertyListValue) throws(PropertyListError) -> String {
            do {
                let data = try value.canonicalJSONData(maximumLength: remaining)
                remaining -= data.count
                return String(decoding: data, as: UTF8.self)
            } catch where error.kind == .outputLimitExceeded {
                throw overLimit
            }
        }
        var items: [String] = []
        items.reserveCapacity(changes.count)
        for change in changes {
            var fields = ["\"kind\":\(string(change.kind.rawValue))"]
            if let new = change.new { fields.append("\"new\":\(try json(new))") }
            if let old = change.old { fields.append("\"old\":\(try json(old))") }
            let path = string(change.pathText(root: root))
            remaining -= path.utf8.count
            guard remaining >= 0 else { throw overLimit }
            fields.append("\"path\":\(path)")
            items.append("{" + fields.joined(separator: ",") + "}")
        }
        return "{\"changes\":[\(items.joined(separator: ","))],\"equal\":\(changes.isEmpty)}"
    }

    /// `text` as a JSON string, escaped as canonical JSON escapes it.
    static func string(_ text: String) -> String { CanonicalJSONWriter.quoted(text) }
}
