import Foundation

/// The seed's spellings for values, which report failure as `false` or `nil`; see
/// <doc:SeedSpellings>.
extension SavableValue {
    /// Saves the value; the `Bool` spelling of ``save()``.
    ///
    /// - Returns: `true` when the value was saved.
    @discardableResult
    public func saveObject() -> Bool {
        (try? save()) != nil
    }

    /// Loads a value, or `nil`; the optional spelling of ``load(from:)``.
    ///
    /// - Parameter url: The file.
    /// - Returns: The value, or `nil` when it is missing or unreadable.
    public static func loadObject(from url: URL) -> Self? {
        try? load(from: url)
    }
}
