import AutoCoding
import Foundation

/// Archiver's spellings (`persistObject`, `retrieveObject`, `deleteObject`), which report failure
/// as `false` or `nil`; see <doc:SeedSpellings>.
extension ArchiveStore {
    /// Stores `value` under `key`; the `Bool` spelling of ``persist(_:forKey:)``.
    ///
    /// - Parameters:
    ///   - value: The value to store.
    ///   - key: Any string.
    /// - Returns: `true` when the value was stored; the error is discarded (use
    ///   ``persist(_:forKey:)`` to learn why a write failed).
    @discardableResult
    public func persistObject<Value: AutoCodable>(_ value: Value, forKey key: String) -> Bool {
        (try? persist(value, forKey: key)) != nil
    }

    /// The value stored under `key`, or `nil`; the optional spelling of ``retrieve(_:forKey:)``.
    ///
    /// - Parameters:
    ///   - type: The type to restore.
    ///   - key: Any string.
    /// - Returns: The value, or `nil` when it is missing, damaged or of another type.
    public func retrieveObject<Value: AutoCodable>(_ type: Value.Type, forKey key: String) -> Value? {
        try? retrieve(type, forKey: key)
    }

    /// Removes the value under `key`; the `Bool` spelling of ``delete(forKey:)``.
    ///
    /// - Parameter key: Any string.
    /// - Returns: `true` when the key's file no longer exists.
    @discardableResult
    public func deleteObject(forKey key: String) -> Bool {
        (try? delete(forKey: key)) != nil
    }
}
