import Foundation
import PropertyList

extension KeyedArchiveReader {
    /// The entries of an archived object as trees for its type's migration hook: a custom
    /// object's own entries (its `$class` and other reserved entries left out), each value as
    /// ``tree(_:)`` makes it — other custom objects it refers to as their UIDs, which the hook may
    /// move or drop but not look into. A Foundation dictionary (a struct the `NSCoding` bridge
    /// stored) is its tree.
    package mutating func migrationEntries(_ node: Node) throws -> PropertyListDictionary? {
        let node = try resolve(node)
        guard try isCustomObject(node) else {
            guard case .dictionary(let entries) = try tree(node) else { return nil }
            return entries
        }
        var entries = PropertyListDictionary()
        for entry in try ownEntries(of: node) { entries.updateValue(entry.tree, forKey: entry.key) }
        return entries
    }

    /// Reads `plan`'s fields from what the migration hook made of `node`'s entries. An entry the
    /// hook left as it was is read from the archive itself, and so is a UID the hook moved to
    /// another key: the objects they refer to stay shared with the rest of the graph (cycles
    /// included). Entries the hook changed or added are read from its tree, which may not hold
    /// references inside new collections (a reference is an object only where the archive keeps
    /// it).
    package mutating func migratedFields(of plan: TypePlan, _ node: Node, _ migrated: PropertyListDictionary,
                                         into memory: InstanceMemory,
                                         _ context: DecodingContext) throws -> PropertyListDictionary {
        let object = try resolve(node)
        // The archived entries, where the hook may have left them.
        var archived: [String: (node: Node, tree: PropertyListValue)] = [:]
        if try isCustomObject(object) {
            for entry in try ownEntries(of: object) { archived[entry.key] = (entry.node, entry.tree) }
        }
        try plan.slots.withUnsafeBufferPointer { slots in
            for slot in slots {
                // A key the hook removed keeps the property's default, as a missing key does.
                guard let value = migrated[slot.key.text] else { continue }
                if let original = archived[slot.key.text], original.tree == value {
                    try plan.decodeField(slot, value: original.node, from: &self, into: memory, context)
                } else if case .uid(let number) = value, let index = Int(exactly: number) {
                    try plan.decodeField(slot, value: self.node(forObject: index), from: &self, into: memory, context)
                } else {
                    var tree = TreeArchiveReader(root: value)
                    try plan.decodeField(slot, value: tree.root, from: &tree, into: memory, context)
                }
            }
        }
        guard plan.implementsUnknownKeysHook else { return PropertyListDictionary() }
        var unknown = PropertyListDictionary()
        for (key, value) in migrated where !plan.claimedKeys.contains(key) { unknown.updateValue(value, forKey: key) }
        return unknown
    }

    /// The entries of the custom object `object` (resolved), its reserved ones left out: each key,
    /// value node and value as ``tree(_:)`` makes it.
    private mutating func ownEntries(of object: Node) throws -> [(key: String, node: Node, tree: PropertyListValue)] {
        var entries: [(key: String, node: Node, tree: PropertyListValue)] = []
        for position in 0 ..< (try dictionaryCount(object)) where !(try keyIsReserved(object, at: position)) {
            let key = try self.key(object, at: position)
            let value = try value(object, at: position)
            do {
                entries.append((key, value, try tree(value)))
            } catch let error as AutoCodingError {
                throw error.within(.key(key))
            }
        }
        return entries
    }
}
