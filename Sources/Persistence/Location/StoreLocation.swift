import Foundation

/// Where a store keeps its files: one of the platform's standard directories, or one you choose.
///
/// Standard locations are scoped by an application name and a store name, so stores of different
/// applications, and different stores of one application, never share files:
///
/// | Location | Linux (XDG) | Apple platforms |
/// |---|---|---|
/// | ``applicationSupport`` | `$XDG_DATA_HOME` or `~/.local/share`, then `/<app>/<store>` | Application Support`/<app>/<store>` |
/// | ``documents`` | `$XDG_DATA_HOME` or `~/.local/share`, then `/<app>/Documents/<store>` | Documents`/<app>/<store>` |
/// | ``caches`` | `$XDG_CACHE_HOME` or `~/.cache`, then `/<app>/<store>` | Caches`/<app>/<store>` |
/// | ``temporary`` | `$TMPDIR` or `/tmp`, then `/<app>/<store>` | the temporary directory`/<app>/<store>` |
/// | ``directory(_:)`` | `<directory>/<store>` | `<directory>/<store>` |
///
/// Any string is a valid name, and none can leave its parent directory. An application or store
/// name made of portable file-name characters (`A–Z a–z 0–9 . _ -`, not starting with `.` or `-`,
/// at most 128 bytes) is the directory's name as written: a store named `Archiver` of the
/// application `MyTool` lives in `~/.local/share/MyTool/Archiver` on Linux. Other names are
/// escaped like keys (see ``ArchiveStore``): `../up` becomes `%2e.%2fup`, `My App` becomes
/// `^my%20^app`. (On a case-insensitive file system, names differing only in case name one
/// directory, as any directory names would.)
///
/// Earlier versions escaped every name (`MyTool` was `^my^tool`, `Archiver` was `^archiver`).
/// When a directory as written does not exist but the escaped one does, resolving the location
/// adopts it, the application's directory first and then the store's within it: the old directory
/// is renamed to the new name within its parent, or kept in use (for the rest of the process) if
/// the rename fails. XDG variables holding relative paths are ignored, as the XDG specification
/// requires.
public struct StoreLocation: Hashable, Sendable, CustomStringConvertible {
    enum Base: Hashable, Sendable {
        case applicationSupport, documents, caches, temporary
        case custom(String)
    }

    let base: Base

    /// Persistent data the user does not manage directly. The usual choice.
    public static let applicationSupport = StoreLocation(base: .applicationSupport)
    /// The user's documents (on Apple platforms, the Documents directory, backed up by iCloud).
    public static let documents = StoreLocation(base: .documents)
    /// Data that can be rebuilt; the system may remove it when space is short.
    public static let caches = StoreLocation(base: .caches)
    /// Scratch data, removed at the system's discretion (often at reboot).
    public static let temporary = StoreLocation(base: .temporary)

    /// A directory you choose; only the store name is added to it.
    ///
    /// - Parameter url: A file URL of a directory (created when the store opens).
    /// - Returns: The location.
    public static func directory(_ url: URL) -> StoreLocation {
        StoreLocation(base: .custom(url.standardizedFileURL.path))
    }

    /// `applicationSupport`, `documents`, `caches`, `temporary` or the directory's path.
    public var description: String {
        switch base {
        case .applicationSupport: "applicationSupport"
        case .documents: "documents"
        case .caches: "caches"
        case .temporary: "temporary"
        case .custom(let path): path
        }
    }

    /// The directory of a store at this location.
    ///
    /// When a directory as written does not exist but one an earlier version named by escaping
    /// does (`^my^tool` for the application `MyTool`, `^archiver` for the store `Archiver`), that
    /// directory is renamed to the new name first — or, if the rename fails, its path is used.
    /// - Parameters:
    ///   - application: The application's name (ignored by ``directory(_:)``).
    ///   - store: The store's name.
    /// - Returns: The directory (not created).
    /// - Throws: ``PersistenceError/Kind/invalidLocation`` when the platform directory cannot be
    ///   determined (no home directory).
    public func directoryURL(application: String, store: String) throws(PersistenceError) -> URL {
        URL(fileURLWithPath: try resolvedDirectoryPath(application: application, store: store,
                                                       environment: ProcessInfo.processInfo.environment,
                                                       fileSystem: SystemFileSystem()),
            isDirectory: true)
    }

    /// The directory of a store, resolved against an explicit environment (for tests); nothing on
    /// disk is looked at.
    ///
    /// - Parameters:
    ///   - application: The application's name.
    ///   - store: The store's name.
    ///   - environment: The environment variables to consult (`HOME`, `XDG_*`, `TMPDIR`).
    /// - Returns: The directory's path, with the application's and the store's names as written
    ///   when they are portable.
    /// - Throws: ``PersistenceError/Kind/invalidLocation`` when no base directory can be found.
    package func directoryPath(application: String, store: String,
                               environment: [String: String]) throws(PersistenceError) -> String {
        let parent = try storesDirectory(environment: environment) { root in
            AtomicFileWriter.join(root, StoreDirectoryName.component(for: application))
        }
        return AtomicFileWriter.join(parent, StoreDirectoryName.component(for: store))
    }

    /// The directory a store opens: ``directoryPath(application:store:environment:)``, after
    /// adopting the directories an earlier version used (see ``StoreDirectoryName``).
    ///
    /// The application's directory is adopted first (`^notes` becomes `Notes`, with every store
    /// in it), then the store's within it (`^archiver` becomes `Archiver`). Each is renamed within
    /// its parent; where a rename fails the earlier directory stays in use.
    /// - Parameters:
    ///   - application: The application's name.
    ///   - store: The store's name.
    ///   - environment: The environment variables to consult.
    ///   - fileSystem: The file system to look and rename through.
    /// - Returns: The directory's path (under the earlier names where they could not be renamed).
    /// - Throws: ``PersistenceError/Kind/invalidLocation`` when no base directory can be found.
    package func resolvedDirectoryPath(application: String, store: String, environment: [String: String],
                                       fileSystem: any FileSystem) throws(PersistenceError) -> String {
        let parent = try storesDirectory(environment: environment) { root in
            StoreDirectoryName.adopt(AtomicFileWriter.join(root, StoreDirectoryName.component(for: application)),
                                     formerly: AtomicFileWriter.join(root, StoreDirectoryName.escapedComponent(for: application)),
                                     fileSystem: fileSystem)
        }
        return StoreDirectoryName.adopt(AtomicFileWriter.join(parent, StoreDirectoryName.component(for: store)),
                                        formerly: AtomicFileWriter.join(parent, StoreDirectoryName.escapedComponent(for: store)),
                                        fileSystem: fileSystem)
    }

    /// The directory that holds this location's store directories: the chosen directory, or the
    /// application's directory under the platform directory (its `Documents` for ``documents`` on
    /// Linux).
    ///
    /// - Parameters:
    ///   - environment: The environment variables to consult.
    ///   - applicationDirectory: The application's directory under a platform directory.
    private func storesDirectory(environment: [String: String],
                                 applicationDirectory: (_ root: String) -> String) throws(PersistenceError) -> String {
        if case .custom(let path) = base { return path }
        let scoped = applicationDirectory(try Self.platformDirectory(base, environment: environment))
        if case .documents = base, !Self.isApple { return AtomicFileWriter.join(scoped, "Documents") }
        return scoped
    }

    #if canImport(Darwin)
    static let isApple = true
    #else
    static let isApple = false
    #endif
}
