/// One difference between a manifest's schema and the current type's.
struct SchemaChange: Sendable, Equatable {
    enum Kind: String, Sendable {
        /// A property the manifest does not have.
        case added
        /// A manifest property the type no longer has.
        case removed
        /// The declared name changed, the archive key stayed (an `autoCodingKeys` entry).
        case renamed
        /// The declared name stayed, the archive key changed.
        case rekeyed
        /// The archive key stayed, the type changed.
        case retyped
        /// `autoCodingVersion` changed.
        case version
        /// The root type record changed (the type was renamed).
        case typeRecord
    }

    var kind: Kind
    /// Where, e.g. `Order.lines[].qty`.
    var path: String
    /// The manifest's side.
    var old: FixtureProperty?
    /// The current side.
    var new: FixtureProperty?
    /// For version and type-record changes, the two values.
    var values: (old: String, new: String)?

    static func == (lhs: SchemaChange, rhs: SchemaChange) -> Bool {
        lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.old == rhs.old && lhs.new == rhs.new
            && lhs.values?.old == rhs.values?.old && lhs.values?.new == rhs.values?.new
    }

    /// The change and what it means for old data, as lines: a headline, then indented advice.
    var lines: [String] {
        switch kind {
        case .added:
            guard let new else { return [] }
            return ["+ \(path): \(new.type) (added, key \"\(new.key)\")",
                    "    old data still loads; `\(new.name)` keeps the default init() gives it — make sure that "
                    + "default is right for old data, or set it in autoCodingMigrate(from:tree:) after bumping "
                    + "autoCodingVersion"]
        case .removed:
            guard let old else { return [] }
            return ["- \(path): \(old.type) (removed, key \"\(old.key)\")",
                    "    old data still loads; the archived \"\(old.key)\" is ignored (it reaches "
                    + "autoCodingDidFindUnknownKeys) — if the property was renamed, map the new name to \"\(old.key)\" "
                    + "in autoCodingKeys"]
        case .renamed:
            guard let old, let new else { return [] }
            return ["~ \(path): renamed from `\(old.name)`, key \"\(new.key)\" kept",
                    "    old data still loads: autoCodingKeys keeps the archive key"]
        case .rekeyed:
            guard let old, let new else { return [] }
            return ["~ \(path): key \"\(old.key)\" → \"\(new.key)\" (rekeyed)",
                    "    old data loads but loses `\(new.name)`: \"\(old.key)\" is no longer read — map "
                    + "\"\(new.name)\": \"\(old.key)\" in autoCodingKeys, or bump autoCodingVersion and move the value "
                    + "in autoCodingMigrate(from:tree:)"]
        case .retyped:
            guard let old, let new else { return [] }
            return ["~ \(path): \(old.type) → \(new.type) (retyped, key \"\(new.key)\")",
                    "    old data may fail to load or lose `\(new.name)` — bump autoCodingVersion and convert "
                    + "tree[\"\(new.key)\"] in autoCodingMigrate(from:tree:)"]
        case .version:
            let values = self.values ?? ("?", "?")
            return ["~ \(path): autoCodingVersion \(values.old) → \(values.new)",
                    "    archives of version \(values.old) now go through autoCodingMigrate(from: \(values.old), tree:)"]
        case .typeRecord:
            let values = self.values ?? ("?", "?")
            return ["~ type record \"\(values.old)\" → \"\(values.new)\" (the type was renamed)",
                    "    old archives name \"\(values.old)\" under $type: they load only while that name is registered "
                    + "as an alias (AutoCodingRegistry.register(_:as:aliases:)); new fixtures keep the old file names"]
        }
    }
}
