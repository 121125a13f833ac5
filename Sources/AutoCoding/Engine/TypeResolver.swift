/// Where the names an archive records come from: the registry for plain archives, the allowed
/// classes and class-name mapping for keyed archives.
package protocol TypeResolver {
    /// The type recorded as `name`, if it is known.
    func type(named name: String) -> Any.Type?
    /// Every name `type` is known by (its registered name and aliases).
    func names(of type: Any.Type) -> [String]
    /// The type `record` stands for where a value of `declared` (stable spelling `stableName`) is
    /// read; the default is ``TypeRecord/resolve(_:declared:stableName:atRoot:types:)``'s rule.
    func resolve(_ record: String, declared: Any.Type, stableName: String, atRoot: Bool) throws -> Any.Type
}

extension TypeResolver {
    package func resolve(_ record: String, declared: Any.Type, stableName: String, atRoot: Bool) throws -> Any.Type {
        try TypeRecord.resolve(record, declared: declared, stableName: stableName, atRoot: atRoot, types: self)
    }
}
