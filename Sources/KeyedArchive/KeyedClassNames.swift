import AutoCoding
import Foundation

/// The `$classname` each `AutoCodable` type is archived under, and the names it is read from.
///
/// The stored name of a type is, in order: a name set here with ``setName(_:for:)``, else the
/// name the type is registered under in `AutoCodingRegistry`, else its unqualified type name
/// (`String(describing:)`, e.g. `Person`) — or, for a top-level `NSObject` subclass, the name
/// Foundation gives the class (`MyApp.Note`), so `NSKeyedUnarchiver` finds the class of what
/// ``KeyedArchiver`` writes. Reading accepts that name, the module-qualified and the unqualified
/// name (`MyApp.Person`, which Foundation on Linux writes for Swift classes without `@objc(Name)`),
/// and any legacy name mapped with ``map(_:to:)``. Renaming a module or a type therefore never
/// orphans archives: set the old name, or map it.
public struct KeyedClassNames: Sendable {
    private var names: [ObjectIdentifier: String] = [:]
    private var legacy: [String: ObjectIdentifier] = [:]

    /// No overrides: every type uses its default name.
    public init() {}

    /// Archives `type` under `name` (and reads it back from `name`).
    ///
    /// - Parameters:
    ///   - name: The `$classname` to write, e.g. the Objective-C class name of the seeds.
    ///   - type: The type it stands for.
    public mutating func setName(_ name: String, for type: any AutoCodable.Type) {
        names[ObjectIdentifier(type)] = name
    }

    /// Reads objects archived under `legacyName` as `type` (writing keeps `type`'s own name).
    ///
    /// - Parameters:
    ///   - legacyName: A `$classname` found in old archives.
    ///   - type: The type that now stands for it.
    public mutating func map(_ legacyName: String, to type: any AutoCodable.Type) {
        legacy[legacyName] = ObjectIdentifier(type)
    }

    /// The `$classname` written for `type`.
    ///
    /// - Parameter type: An `AutoCodable` type.
    /// - Returns: Its overridden, registered or default name.
    public func name(for type: any AutoCodable.Type) -> String {
        if let name = names[ObjectIdentifier(type)] { return name }
        if let registered = AutoCodingRegistry.name(of: type) { return registered }
        return Self.defaultName(of: type)
    }

    /// The unqualified type name, or for a top-level `NSObject` subclass its module-qualified name
    /// (what `NSStringFromClass` gives, and `NSClassFromString` finds).
    static func defaultName(of type: Any.Type) -> String {
        if type is NSObject.Type {
            let qualified = String(reflecting: type)
            if qualified.split(separator: ".", omittingEmptySubsequences: false).count == 2 { return qualified }
        }
        return String(describing: type)
    }

    /// Every name `type` is read from: its written name, its module-qualified name and legacy names.
    func readableNames(for type: any AutoCodable.Type) -> [String] {
        readableNames(forAny: type)
    }

    /// ``readableNames(for:)`` of a type not known to be `AutoCodable` (a root type before its
    /// conformance is looked up, which would make a prototype instance).
    func readableNames(forAny type: Any.Type) -> [String] {
        let written = names[ObjectIdentifier(type)] ?? AutoCodingRegistry.name(of: type) ?? Self.defaultName(of: type)
        var result = [written, String(reflecting: type)]
        if type is NSObject.Type { result.append(String(describing: type)) }
        let identity = ObjectIdentifier(type)
        for (old, target) in legacy where target == identity { result.append(old) }
        return result
    }
}
