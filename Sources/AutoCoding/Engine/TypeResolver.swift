/// Where the names an archive records come from: the registry for plain archives, the allowed
/// classes and class-name mapping for keyed archives.
protocol TypeResolver {
    /// The type recorded as `name`, if it is known.
    func type(named name: String) -> Any.Type?
    /// Every name `type` is known by (its registered name and aliases).
    func names(of type: Any.Type) -> [String]
}
