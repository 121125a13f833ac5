import Foundation

extension StoreLocation {
    /// The platform directory under which application folders go.
    static func platformDirectory(_ base: Base, environment: [String: String]) throws(PersistenceError) -> String {
        #if canImport(Darwin)
        let directory: FileManager.SearchPathDirectory
        switch base {
        case .applicationSupport: directory = .applicationSupportDirectory
        case .documents: directory = .documentDirectory
        case .caches: directory = .cachesDirectory
        case .temporary: return FileManager.default.temporaryDirectory.path
        case .custom(let path): return path
        }
        guard let url = FileManager.default.urls(for: directory, in: .userDomainMask).first else {
            throw PersistenceError(.invalidLocation, "the system reports no \(directory) directory")
        }
        return url.path
        #else
        switch base {
        case .applicationSupport, .documents:
            return try xdg("XDG_DATA_HOME", orHome: ".local/share", environment)
        case .caches:
            return try xdg("XDG_CACHE_HOME", orHome: ".cache", environment)
        case .temporary:
            if let directory = environment["TMPDIR"], directory.hasPrefix("/") { return directory }
            return "/tmp"
        case .custom(let path):
            return path
        }
        #endif
    }

    /// `$variable` when it is an absolute path, otherwise `$HOME/fallback`.
    private static func xdg(_ variable: String, orHome fallback: String,
                            _ environment: [String: String]) throws(PersistenceError) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw PersistenceError(.invalidLocation,
                                   "neither $\(variable) nor $HOME is an absolute path, so there is no place for the store")
        }
        return AtomicFileWriter.join(home, fallback)
    }
}
