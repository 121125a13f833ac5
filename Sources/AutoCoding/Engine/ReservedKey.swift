/// Reserved archive keys. Property keys starting with `$` are rejected when a plan is built, and
/// keys of archived dictionaries that start with `$` are escaped with a second `$`, so neither can
/// collide with these.
package enum ReservedKey {
    /// The type a value was archived from: its registered name or stable spelling (see
    /// ``TypeRecord``). Always written at the root, and wherever the dynamic type differs from the
    /// declared one (a subclass, a value behind `any P`).
    package static let type = "$type"
    /// The type's ``AutoCodable/autoCodingVersion`` when it is not 0.
    package static let version = "$version"
    /// The only key of a nil marker (see ``NilMarker``).
    package static let nilMarker = "$nil"

    private static let typeStorage = ArchiveKeyStorage(type)
    private static let versionStorage = ArchiveKeyStorage(version)
    private static let nilStorage = ArchiveKeyStorage(nilMarker)
    static var typeKey: ArchiveKey { typeStorage.key }
    static var versionKey: ArchiveKey { versionStorage.key }
    static var nilKey: ArchiveKey { nilStorage.key }

    /// Whether `key` starts with `$`.
    package static func isReserved(_ key: String) -> Bool {
        key.utf8.first == UInt8(ascii: "$")
    }

    /// The archived spelling of a user dictionary's key: one more `$` in front of keys that start
    /// with `$`, so `["$nil": 0]` cannot be read as a nil marker.
    static func escaped(_ key: String) -> String {
        isReserved(key) ? "$" + key : key
    }

    /// The key an archived dictionary key stands for: one leading `$` removed from keys that start
    /// with `$$` (archives written before escaping hold `$x` keys unescaped; they read unchanged).
    static func unescaped(_ key: String) -> String {
        var utf8 = key.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "$"), utf8.next() == UInt8(ascii: "$") else { return key }
        return String(key.dropFirst())
    }
}
