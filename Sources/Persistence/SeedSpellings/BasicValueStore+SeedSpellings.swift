/// SavableObject's basic-value spellings (`saveBasicObject`, `loadBasicObject`); see
/// <doc:SeedSpellings>.
extension BasicValueStore {
    /// The seeds' spelling of ``set(any:forKey:)``: stores a supported value, `nil` removes.
    ///
    /// - Parameters:
    ///   - object: A supported value (see ``BasicValue/init(any:)``) or `nil`.
    ///   - key: Any string.
    /// - Returns: `true` when stored; `false` for an unsupported value or a failed write (the
    ///   previous value is then kept). Use ``set(any:forKey:)`` to learn why.
    @discardableResult
    public func saveBasicObject(_ object: Any?, forKey key: String) -> Bool {
        do {
            try set(any: object, forKey: key)
            return true
        } catch {
            return false
        }
    }

    /// The seeds' spelling of ``object(forKey:)``.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The value as `String`, `Int`, `Double`, `Bool`, `Date`, `Data`, `URL`, `[Any]`
    ///   or `[String: Any]`, or `nil`.
    public func loadBasicObject(forKey key: String) -> Any? {
        object(forKey: key)
    }
}
