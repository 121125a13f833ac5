/// Compares a manifest's schema with the current one, level by level: properties are matched by
/// archive key, then unmatched ones by declared name.
enum SchemaComparison {
    /// The changes from `old` to `new`, in the current type's order, removals last at each level.
    static func changes(from old: FixtureManifest, to new: FixtureManifest) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        if old.type != new.type {
            changes.append(SchemaChange(kind: .typeRecord, path: new.type, values: (old.type, new.type)))
        }
        if old.autoCodingVersion != new.autoCodingVersion {
            changes.append(SchemaChange(kind: .version, path: new.type,
                                        values: ("\(old.autoCodingVersion)", "\(new.autoCodingVersion)")))
        }
        compare(old.properties, new.properties, under: new.type, into: &changes)
        return changes
    }

    private static func compare(_ old: [FixtureProperty], _ new: [FixtureProperty], under parent: String,
                                into changes: inout [SchemaChange]) {
        var unmatched = old
        for property in new {
            let path = "\(parent).\(property.name)"
            if let position = unmatched.firstIndex(where: { $0.key == property.key }) {
                let previous = unmatched.remove(at: position)
                if previous.name != property.name {
                    changes.append(SchemaChange(kind: .renamed, path: path, old: previous, new: property))
                }
                if previous.type != property.type && !sameShape(previous, property) {
                    changes.append(SchemaChange(kind: .retyped, path: path, old: previous, new: property))
                }
                compareNested(previous, property, at: path, into: &changes)
            } else if let position = unmatched.firstIndex(where: { $0.name == property.name }) {
                let previous = unmatched.remove(at: position)
                changes.append(SchemaChange(kind: .rekeyed, path: path, old: previous, new: property))
                if previous.type != property.type {
                    changes.append(SchemaChange(kind: .retyped, path: path, old: previous, new: property))
                }
                compareNested(previous, property, at: path, into: &changes)
            } else {
                changes.append(SchemaChange(kind: .added, path: path, new: property))
            }
        }
        for property in unmatched {
            changes.append(SchemaChange(kind: .removed, path: "\(parent).\(property.name)", old: property))
        }
    }

    /// Whether both sides hold `AutoCodable` values through the same containers: a nested type's
    /// name is not archived (only its properties, compared one level down), so renaming it alone
    /// is no change to the data.
    private static func sameShape(_ old: FixtureProperty, _ new: FixtureProperty) -> Bool {
        old.properties != nil && new.properties != nil && old.element == new.element
    }

    private static func compareNested(_ old: FixtureProperty, _ new: FixtureProperty, at path: String,
                                      into changes: inout [SchemaChange]) {
        guard let oldNested = old.properties, let newNested = new.properties else { return }
        compare(oldNested, newNested, under: path + (new.element ?? ""), into: &changes)
    }

    /// Pairs of a removed and an added property of the same type at the same level: likely renames
    /// made without an `autoCodingKeys` entry, as advice lines.
    static func likelyRenames(in changes: [SchemaChange]) -> [String] {
        let removed = changes.filter { $0.kind == .removed }
        var advice: [String] = []
        for addition in changes where addition.kind == .added {
            guard let new = addition.new else { continue }
            let level = addition.path.dropLast(new.name.count)
            if let match = removed.first(where: {
                $0.old?.type == new.type && $0.path.dropLast($0.old?.name.count ?? 0) == level
            }), let old = match.old {
                advice.append("? \(addition.path) looks like \(match.path) renamed: to keep old values, add "
                              + "\"\(new.name)\": \"\(old.key)\" to autoCodingKeys")
            }
        }
        return advice
    }
}
