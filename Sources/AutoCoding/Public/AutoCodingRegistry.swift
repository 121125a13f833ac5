import Foundation

/// The stable names under which `AutoCodable` types are archived when a property's value is of a
/// different dynamic type than declared (a subclass, or a type behind `any P`).
///
/// Names are chosen by the program, so renaming a module or a type does not orphan old archives.
/// Register every such type once, before archiving or unarchiving, e.g. at launch:
/// `try AutoCodingRegistry.register(Circle.self, as: "shape.circle")`.
public enum AutoCodingRegistry {
    /// Registers `type` under `name`.
    ///
    /// Registering the same type under the same name again does nothing.
    /// - Parameters:
    ///   - type: The type archived under `$type`.
    ///   - name: Its stable name; must not be empty.
    /// - Throws: ``AutoCodingError/Kind/registrationConflict`` when the name is taken by another type,
    ///   the type has another name, or the name is empty.
    public static func register<T: AutoCodable>(_ type: T.Type, as name: String) throws {
        try storage.register(type, as: name)
    }

    /// The name `type` is registered under, or `nil`.
    ///
    /// - Parameter type: Any type.
    /// - Returns: Its registered name.
    public static func name(of type: Any.Type) -> String? {
        snapshot().name(of: type)
    }

    /// The type registered under `name`, or `nil`.
    ///
    /// - Parameter name: A registered name.
    /// - Returns: The type.
    public static func type(named name: String) -> (any AutoCodable.Type)? {
        snapshot().type(named: name)
    }

    /// The registrations at this moment, read by an archive once so lookups need no lock.
    struct Snapshot: @unchecked Sendable {
        // @unchecked: immutable dictionaries of metatypes, which are safe to share.
        var typesByName: [String: any AutoCodable.Type] = [:]
        var namesByType: [ObjectIdentifier: String] = [:]

        func name(of type: Any.Type) -> String? { namesByType[ObjectIdentifier(type)] }
        func type(named name: String) -> (any AutoCodable.Type)? { typesByName[name] }
    }

    static func snapshot() -> Snapshot { storage.current() }

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

        func register<T: AutoCodable>(_ type: T.Type, as name: String) throws {
            lock.lock()
            defer { lock.unlock() }
            guard !name.isEmpty else {
                throw AutoCodingError(.registrationConflict, "\(T.self) cannot be registered under an empty name")
            }
            let identity = ObjectIdentifier(type)
            if let existing = table.typesByName[name], ObjectIdentifier(existing) != identity {
                throw AutoCodingError(.registrationConflict, "\"\(name)\" is already registered for \(existing)")
            }
            if let existing = table.namesByType[identity], existing != name {
                throw AutoCodingError(.registrationConflict, "\(T.self) is already registered as \"\(existing)\"")
            }
            table.typesByName[name] = type
            table.namesByType[identity] = name
        }
    }
}
