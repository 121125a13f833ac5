import PropertyList

/// A struct or class whose stored properties are archived with no per-property code.
///
/// Conforming needs only an `init()` that gives every property a default (`required init()` in
/// non-final classes). Unarchiving creates the default instance and overwrites each archived
/// property, so properties missing from an archive keep their defaults, and `let` properties are
/// restored too (they are written in place, like a decoder's stored-property initialization).
///
/// Every customization member has a default; implement one only to change it. In class
/// hierarchies, declare overridable members in the base class as `class var` / `class func` so a
/// subclass's override is the one the protocol sees.
public protocol AutoCodable {
    /// Creates the default instance that unarchiving fills in.
    init()

    /// Archive keys for properties whose key differs from the property name (name → key).
    static var autoCodingKeys: [String: String] { get }

    /// Names of stored properties never archived nor restored (caches, handles, derived state).
    static var autoCodingTransientProperties: Set<String> { get }

    /// The version written under `$version`; 0 (the default) writes no version key.
    static var autoCodingVersion: Int { get }

    /// Rewrites an archived tree written by another version before its properties are restored.
    ///
    /// Called only when the archived version (0 when the archive has no `$version`) differs from
    /// ``autoCodingVersion``.
    /// - Parameters:
    ///   - version: The archived version.
    ///   - tree: The archived dictionary of this value, to edit in place (rename keys, convert
    ///     values, fill new ones).
    /// - Throws: Any error to reject the archive; it is reported as
    ///   ``AutoCodingError/Kind/hookFailed`` with the path of this value.
    static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws

    /// Receives the archive entries no property claimed, before ``autoCodingDidDecode()``.
    ///
    /// Called only when there are such entries; keep them to write them back later, or ignore them.
    /// For a type that is also `Decodable`, the engine calls it once more, when the type's plan is
    /// built, on a throwaway default instance with a one-entry probe dictionary, to learn whether
    /// the type implements it (the `Codable` bridge lists an object's keys, which decoders do
    /// slowly, only for types that do).
    /// - Parameter unknownEntries: The unclaimed keys with their archived values.
    mutating func autoCodingDidFindUnknownKeys(_ unknownEntries: PropertyListDictionary)

    /// Called after every archived property is restored, to rebuild derived state.
    ///
    /// - Throws: Any error to reject the archive; it is reported as
    ///   ``AutoCodingError/Kind/hookFailed`` with the path of this value.
    mutating func autoCodingDidDecode() throws
}

extension AutoCodable {
    /// No renamed keys.
    public static var autoCodingKeys: [String: String] { [:] }
    /// No transient properties.
    public static var autoCodingTransientProperties: Set<String> { [] }
    /// Version 0: no `$version` key is written.
    public static var autoCodingVersion: Int { 0 }
    /// Leaves the tree as archived.
    public static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {}
    /// Ignores unknown entries.
    public mutating func autoCodingDidFindUnknownKeys(_ unknownEntries: PropertyListDictionary) {
        UnknownKeysProbe.noteDefault(unknownEntries)
    }
    /// Does nothing.
    public mutating func autoCodingDidDecode() throws {}
}
