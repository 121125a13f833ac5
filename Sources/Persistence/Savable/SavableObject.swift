import AutoCoding
import PropertyList
import Foundation

/// A class whose instances save themselves to a file: subclass it and every stored property is
/// archived, with no `encode(with:)`.
///
/// ```swift
/// final class Settings: SavableObject {
///     var theme = "dark"
///     var fontSize = 13
///     required init() { super.init() }
/// }
///
/// let settings = Settings(filename: "settings.plist")
/// settings.fontSize = 15
/// try settings.save()
/// let again = try Settings.load(from: settings.archiveURL)
/// ```
///
/// Properties are archived through `AutoCodable` (superclass properties first), so subclasses
/// need `required init()` giving every property a default. ``archiveURL`` itself is not archived.
/// To skip more properties, override `autoCodingTransientProperties` and add to `super`'s set.
///
/// Overridable hooks:
/// - ``willSave()``: runs before archiving (normalize, stamp); throwing cancels the save.
/// - ``didLoad()``: runs after the properties are restored (rebuild derived state); throwing fails
///   the load.
///
/// Files are binary property lists replaced atomically and durably and sealed with a CRC-32 in the
/// trailer's unused bytes, so a damaged file fails to load as ``PersistenceError/Kind/corrupt``
/// instead of loading as another value; ``saveInBackground(queue:completion:)``
/// archives at once and writes later, coalescing bursts, and ``load(from:)`` sees its result.
/// Instances are not `Sendable`; save from the thread that changes them.
open class SavableObject: AutoCodable {
    /// The file ``save()`` writes and ``delete()`` removes.
    public var archiveURL: URL

    /// Creates an instance whose file is named after its class in the default directory.
    public required init() {
        archiveURL = SavableFiles.url(forFilename: "\(Self.self).plist")
    }

    /// Creates an instance saved as `filename` in the default directory (the application's
    /// `SavableObjects` store in ``StoreLocation/applicationSupport``).
    ///
    /// - Parameter filename: Any string; it is escaped like a store key.
    public convenience init(filename: String) {
        self.init()
        archiveURL = SavableFiles.url(forFilename: filename)
    }

    /// Creates an instance saved at `archiveURL`.
    ///
    /// - Parameter archiveURL: The file.
    public convenience init(archiveURL: URL) {
        self.init()
        self.archiveURL = archiveURL
    }

    // The customization members are declared here, as `open class` members, so subclasses can
    // override them: Swift reaches a protocol requirement through the conformance, so a subclass's
    // own `static var autoCodingKeys` would never be seen if this class declared none.

    /// Properties never archived: ``archiveURL``. Override to skip more (``archiveURL`` stays
    /// skipped whatever the override returns).
    open class var autoCodingTransientProperties: Set<String> { ["archiveURL"] }

    /// Archive keys for properties, by property name (none renamed here). Override to rename; each
    /// class's renames apply to the properties it declares and inherits.
    open class var autoCodingKeys: [String: String] { [:] }

    /// The version recorded in the file (0: none). Override and raise it when the stored properties
    /// change, and handle older files in ``autoCodingMigrate(from:tree:)``.
    open class var autoCodingVersion: Int { 0 }

    /// Rewrites the archived properties of a file of another `version` into this version's shape.
    ///
    /// - Parameters:
    ///   - version: The version the file records.
    ///   - tree: The archived properties, rewritten in place.
    /// - Throws: Any error; the load fails.
    open class func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {}

    /// Called with the archived entries no property claimed (from a newer or older version).
    ///
    /// - Parameter unknownEntries: The unclaimed keys and values.
    open func autoCodingDidFindUnknownKeys(_ unknownEntries: PropertyListDictionary) {}

    /// Called once every property is restored, before ``didLoad()``.
    ///
    /// - Throws: Any error; the load fails.
    open func autoCodingDidDecode() throws {}

    /// Called before the object is archived by a save; throwing cancels the save.
    ///
    /// - Throws: Any error; the save fails with ``PersistenceError/Kind/hookFailed``.
    open func willSave() throws {}

    /// Called after a load restored every property.
    ///
    /// - Throws: Any error; the load fails with ``PersistenceError/Kind/hookFailed``.
    open func didLoad() throws {}

    /// The object's binary archive, as its dynamic type (subclass properties included).
    func archivedData() throws(PersistenceError) -> Data {
        try SavableFiles.runHook("willSave", of: "\(type(of: self))", url: archiveURL) { try willSave() }
        // Open the dynamic type: archiving `self` as SavableObject would see only the base class.
        // Cast at run time from `Any.Type`: -O miscompiles `type(of: self)` erased directly, opening it as SavableObject.
        let runtimeType: Any.Type = type(of: self)
        guard let dynamicType = runtimeType as? any AutoCodable.Type else {
            throw PersistenceError(.unsupportedValue, "\(runtimeType) is not AutoCodable", path: archiveURL.path)
        }
        return try Self.archive(self, as: dynamicType)
    }

    private static func archive<Object: AutoCodable>(_ object: SavableObject,
                                                     as type: Object.Type) throws(PersistenceError) -> Data {
        guard let typed = object as? Object else {
            throw PersistenceError(.unsupportedValue, "\(Swift.type(of: object)) is not a \(Object.self)")
        }
        return try SavableFiles.archive(typed, url: object.archiveURL)
    }
}
