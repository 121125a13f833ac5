import Foundation

/// The seed's spellings (SavableObject's `saveObject` / `loadObject`), which report failure as
/// `false` or `nil`; see <doc:SeedSpellings>.
extension SavableObject {
    /// Saves the object; the `Bool` spelling of ``save()``.
    ///
    /// - Returns: `true` when the object was saved.
    @discardableResult
    public func saveObject() -> Bool {
        (try? save()) != nil
    }

    /// Loads an object, or `nil`; the optional spelling of ``load(from:)``.
    ///
    /// - Parameter url: The file.
    /// - Returns: The object, or `nil` when it is missing or unreadable.
    public class func loadObject(from url: URL) -> Self? {
        try? load(from: url)
    }
}
