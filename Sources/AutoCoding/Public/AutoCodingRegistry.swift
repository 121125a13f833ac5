import Foundation

/// Stable names for `AutoCodable` types: what archives record as a value's type.
///
/// Every archive records the type of its root value, and of every value whose dynamic type
/// differs from the declared one (a subclass in a class-typed property, any value behind `any P`):
/// the registered name when there is one, else the type's stable spelling (its name without module
/// qualifiers, e.g. `Order`). Values whose dynamic type differs from the declared one can only be
/// read back through a registered name, so register every such type once, before archiving or
/// unarchiving, e.g. at launch: `try AutoCodingRegistry.register(Circle.self, as: "shape.circle")`.
///
/// Names are chosen by the program, so renaming a module or a type does not orphan old archives;
/// a type's earlier names are kept readable as aliases.
public enum AutoCodingRegistry {
    /// Registers `type` under `name`, and under earlier names that archives may still record.
    ///
    /// Registering the same type under the same name again does nothing (new aliases are added).
    /// - Parameters:
    ///   - type: The type.
    ///   - name: Its stable name, written into new archives; must not be empty.
    ///   - aliases: Names older archives recorded for it (an earlier registered name, or the type's
    ///     spelling before a rename, such as `"OldOrder"`); read, never written.
    /// - Throws: ``AutoCodingError/Kind/registrationConflict`` when a name or alias is taken by
    ///   another type, the type has another name, or a name is empty.
    public static func register<T: AutoCodable>(_ type: T.Type, as name: String, aliases: [String] = []) throws {
        try storage.register(type, as: name, aliases: aliases)
    }

    /// The name `type` is registered under, or `nil`.
    ///
    /// - Parameter type: Any type.
    /// - Returns: Its registered name.
    public static func name(of type: Any.Type) -> String? {
        snapshot().name(of: type)
    }

    /// The type registered under `name` (or an alias), or `nil`.
    ///
    /// - Parameter name: A registered name or alias.
    /// - Returns: The type.
    public static func type(named name: String) -> (any AutoCodable.Type)? {
        snapshot().autoCodableType(named: name)
    }

    /// The registrations at this moment, read by an archive once so lookups need no lock.
    package struct Snapshot: TypeResolver, @unchecked Sendable {
        // @unchecked: immutable dictionaries of metatypes, which are safe to share.
        var typesByName: [String: any AutoCodable.Type] = [:]
        /// Every name of a type, the registered one first, then its aliases.
        var namesByType: [ObjectIdentifier: [String]] = [:]

        package func name(of type: Any.Type) -> String? { namesByType[ObjectIdentifier(type)]?.first }
        func autoCodableType(named name: String) -> (any AutoCodable.Type)? { typesByName[name] }
        package func type(named name: String) -> Any.Type? { typesByName[name] }
        package func names(of type: Any.Type) -> [String] { namesByType[ObjectIdentifier(type)] ?? [] }
    }

    package static func snapshot() -> Snapshot { storage.current() }

    private static let storage = Storage()

    /// The registrations behind a lock.
    private final class Storage: @unchecked Sendable {
        // @unchecked: `table` is only touched while `lock` is held.
        private let lock = NSLock()
        private var table = Snapshot()

        func current() -> Snapshot {
            lock.lock()
            defer { lock.unlock() }
            return table
        }

        func register<T: AutoCodable>(_ type: T.Type, as name: String, aliases: [String]) throws {
            lock.lock()
            defer { lock.unlock() }
            guard !name.isEmpty, !aliases.contains("") else {
                throw AutoCodingError(.registrationConflict, "\(T.self) cannot be registered under an empty name")
            }
            let identity = ObjectIdentifier(type)
            if let existing = table.namesByType[identity]?.first, existing != name {
                throw AutoCodingError(.registrationConflict, "\(T.self) is already registered as \"\(existing)\"")
            }
            for candidate in [name] + aliases {
                if let existing = table.typesByName[candidate], ObjectIdentifier(existing) != identity {
                    throw AutoCodingError(.registrationConflict, "\"\(candidate)\" is already registered for \(existing)")
                }
            }
            var names = table.namesByType[identity] ?? [name]
            for candidate in [name] + aliases where !names.contains(candidate) { names.append(candidate) }
            for candidate in names { table.typesByName[candidate] = type }
            table.namesByType[identity] = names
        }
    }
}
