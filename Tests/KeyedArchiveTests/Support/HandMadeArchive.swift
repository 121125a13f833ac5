import Foundation
import KeyedArchive
import PropertyList

/// Builds keyed archives object by object, so malformed cases have known object indexes.
enum HandMadeArchive {
    /// The top-level dictionary around `objects`, with `$top` → `root`.
    static func document(_ objects: [PropertyListValue], root: UInt64 = 1,
                         archiver: PropertyListValue = "NSKeyedArchiver", version: PropertyListValue = 100_000) -> PropertyListValue {
        ["$archiver": archiver, "$version": version, "$top": ["root": .uid(root)], "$objects": .array(objects)]
    }

    static func classDescription(_ name: String, _ classes: [String] = []) -> PropertyListValue {
        ["$classname": .string(name), "$classes": .array((classes.isEmpty ? [name, "NSObject"] : classes).map(PropertyListValue.string))]
    }

    /// `$null`, a GraphNode whose label is object 3, the GraphNode class, and the label.
    static func node(label: PropertyListValue = .uid(3), extra: [(String, PropertyListValue)] = []) -> [PropertyListValue] {
        var entries: PropertyListDictionary = ["$class": .uid(2), "label": label]
        for (key, value) in extra { entries[key] = value }
        return ["$null", .dictionary(entries), classDescription("GraphNode"), "root"]
    }

    static func data(_ plist: PropertyListValue) throws -> Data {
        try plist.encoded(as: .binary)
    }
}
