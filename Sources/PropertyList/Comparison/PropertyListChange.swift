/// One difference between two property-list trees, at one key path.
///
/// Made by ``PropertyListComparison``; ``description`` reads `Order.lines[3].qty: 2 → 3`.
package struct PropertyListChange: Sendable, Equatable, CustomStringConvertible {
    /// What happened at ``path``.
    package enum Kind: String, Sendable {
        /// Both sides hold a value of the same type with different contents.
        case changed
        /// Only the new side has the key or element.
        case added
        /// Only the old side has the key or element.
        case removed
        /// The two sides hold values of different types.
        case retyped
    }

    /// One step of a ``path``.
    package enum Step: Sendable, Hashable {
        /// A dictionary key.
        case key(String)
        /// An array position.
        case index(Int)
    }

    /// What happened.
    package var kind: Kind
    /// The steps from the root to the value.
    package var path: [Step]
    /// The value on the old side (`nil` for ``Kind/added``).
    package var old: PropertyListValue?
    /// The value on the new side (`nil` for ``Kind/removed``).
    package var new: PropertyListValue?

    /// Creates a change.
    package init(_ kind: Kind, at path: [Step], old: PropertyListValue?, new: PropertyListValue?) {
        self.kind = kind
        self.path = path
        self.old = old
        self.new = new
    }

    /// The path as text under `root`: identifier keys as `.key`, other keys as `["key"]`,
    /// positions as `[3]`, e.g. `Order.lines[3].qty`.
    package func pathText(root: String) -> String {
        var text = root
        for step in path {
            switch step {
            case .index(let position):
                text += "[\(position)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    text += text.isEmpty ? key : ".\(key)"
                } else {
                    text += "[\(PropertyListValueSummary.quoted(key))]"
                }
            }
        }
        return text.isEmpty ? "root" : text
    }

    /// The change as one line under `root`, e.g. `Order.lines[3].qty: 2 → 3`.
    package func line(root: String) -> String {
        let place = pathText(root: root)
        switch kind {
        case .added:
            return "\(place): added \(PropertyListValueSummary.tagged(new))"
        case .removed:
            return "\(place): removed \(PropertyListValueSummary.tagged(old))"
        case .retyped:
            return "\(place): \(PropertyListValueSummary.tagged(old)) → \(PropertyListValueSummary.tagged(new))"
        case .changed:
            if case .real32? = old, case .real? = new {
                return "\(place): \(PropertyListValueSummary.tagged(old)) → \(PropertyListValueSummary.tagged(new))"
            }
            if case .real? = old, case .real32? = new {
                return "\(place): \(PropertyListValueSummary.tagged(old)) → \(PropertyListValueSummary.tagged(new))"
            }
            return "\(place): \(PropertyListValueSummary.untagged(old)) → \(PropertyListValueSummary.untagged(new))"
        }
    }

    package var description: String { line(root: "root") }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first == "$" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
