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
/// Names are escaped like keys (see ``ArchiveStore``), so any string is a valid name and none can
/// leave its parent directory. XDG variables holding relative paths are ignored, as the XDG
/// specification requires.
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
    /// - Parameters:
    ///   - application: The application's name (ignored by ``directory(_:)``).
    ///   - store: The store's name.
    /// - Returns: The directory (not created).
    /// - Throws: ``PersistenceError/Kind/invalidLocation`` when the platform directory cannot be
    ///   determined (no home directory).
    public func directoryURL(application: String, store: String) throws(PersistenceError) -> URL {
        URL(fileURLWithPath: try directoryPath(application: application, store: store,
                                               environment: ProcessInfo.processInfo.environment),
            isDirectory: true)
    }

    /// The directory of a store, resolved against an explicit environment (for tests).
    ///
    /// - Parameters:
    ///   - application: The application's name.
    ///   - store: The store's name.
    ///   - environment: The environment variables to consult (`HOME`, `XDG_*`, `TMPDIR`).
    /// - Returns: The directory's path.
    /// - Throws: ``PersistenceError/Kind/invalidLocation`` when no base directory can be found.
    package func directoryPath(application: String, store: String,
                               environment: [String: String]) throws(PersistenceError) -> String {
        let storeName = Self.pathComponent(store)
        if case .custom(let path) = base { return AtomicFileWriter.join(path, storeName) }
        let root = try Self.platformDirectory(base, environment: environment)
        let scoped = AtomicFileWriter.join(root, Self.pathComponent(application))
        if case .documents = base, !Self.isApple {
            return AtomicFileWriter.join(AtomicFileWriter.join(scoped, "Documents"), storeName)
        }
        return AtomicFileWriter.join(scoped, storeName)
    }

    /// A name as a single safe path component.
    static func pathComponent(_ name: String) -> String {
        KeyFileName.stem(for: name).text
    }

    #if canImport(Darwin)
    static let isApple = true
    #else
    static let isApple = false
    #endif
}
