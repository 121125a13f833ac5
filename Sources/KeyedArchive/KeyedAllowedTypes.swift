import AutoCoding

/// The types a keyed archive may instantiate, by every name they are read from: the type-record
/// rule of keyed archives, where a `$classname` must name an allowed type (like `NSSecureCoding`),
/// never merely spell the declared type.
struct KeyedAllowedTypes: TypeResolver {
    /// A `$classname` that names no allowed type.
    struct Disallowed: Error {
        let name: String
    }

    private var byName: [String: any AutoCodable.Type] = [:]
    private var namesByType: [ObjectIdentifier: [String]] = [:]
    /// `byName` as a list when it is short: every object read looks its class name up, and
    /// comparing a few names (their lengths first) costs less than hashing one.
    private var fewNames: [(name: String, length: Int, type: any AutoCodable.Type)]?

    /// The allowed types and their names.
    ///
    /// - Throws: ``KeyedArchiveError/Kind/classNameConflict`` when two types are read from one name.
    init(_ types: [any AutoCodable.Type], classNames: KeyedClassNames) throws {
        for type in types {
            let names = classNames.readableNames(for: type)
            for name in names {
                if let other = byName[name], ObjectIdentifier(other) != ObjectIdentifier(type) {
                    throw KeyedArchiveError(.classNameConflict,
                                            "\(other) and \(type) are both read from \"\(name)\"; give one another name")
                }
                byName[name] = type
            }
            namesByType[ObjectIdentifier(type), default: []].append(contentsOf: names)
        }
        if byName.count <= 32 { fewNames = byName.map { ($0.key, $0.key.utf8.count, $0.value) } }
    }

    /// Whether `name` is allowed.
    func allows(_ name: String) -> Bool { byName[name] != nil }

    func type(named name: String) -> Any.Type? { byName[name] }

    func names(of type: Any.Type) -> [String] { namesByType[ObjectIdentifier(type)] ?? [] }

    func resolve(_ record: String, declared: Any.Type, stableName: String, atRoot: Bool) throws -> Any.Type {
        let found: (any AutoCodable.Type)?
        if let fewNames {
            let length = record.utf8.count
            found = fewNames.first { $0.length == length && $0.name == record }?.type
        } else {
            found = byName[record]
        }
        guard let named = found else { throw Disallowed(name: record) }
        if ObjectIdentifier(named) == ObjectIdentifier(declared) { return declared }
        if let namedClass = named as? AnyClass, let declaredClass = declared as? AnyClass,
           TypeRecord.isSubclass(namedClass, of: declaredClass) {
            return named
        }
        throw AutoCodingError(.typeMismatch, "\"\(record)\" is a \(named), not a \(declared)",
                              expected: "\(declared)", found: "\(named)")
    }
}
