import AutoCoding
import Foundation
import Persistence

/// The shared cache of each value type, created on first use.
enum SharedCaches {
    private static let caches = StateLock<[ObjectIdentifier: any Sendable]>([:])

    /// The shared cache of `Value`, creating it with `name` and `coding` the first time.
    static func cache<Value: Sendable>(of _: Value.Type, name: String,
                                       coding: @autoclosure () -> CacheValueCoding<Value>) -> Cache<Value> {
        caches.withLock { caches in
            if let cache = caches[ObjectIdentifier(Value.self)] as? Cache<Value> { return cache }
            let cache = Cache(name: name, coding: coding(), directory: directory(for: name),
                              fileSystem: SystemFileSystem(), clock: .system)
            caches[ObjectIdentifier(Value.self)] = cache
            return cache
        }
    }

    /// The caches location for the process, or the temporary directory when it has none (no
    /// `$HOME` and no `$XDG_CACHE_HOME`).
    private static func directory(for name: String) -> URL {
        let application = ProcessInfo.processInfo.processName
        if let url = try? StoreLocation.caches.directoryURL(application: application, store: name) { return url }
        if let url = try? StoreLocation.temporary.directoryURL(application: application, store: name) { return url }
        return FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
    }
}

extension Cache where Value == Data {
    /// The process's shared cache of raw data, named `shared-data`, in the caches location. It
    /// starts with no format: register the ones you use.
    public static var shared: Cache<Data> {
        SharedCaches.cache(of: Data.self, name: "shared-data", coding: .data)
    }

    /// Creates a cache of raw data under a standard location.
    ///
    /// - Parameters:
    ///   - name: The cache's name and directory name.
    ///   - location: The base directory; the caches directory by default.
    ///   - application: Scopes the files under the location; the process name by default.
    /// - Throws: `PersistenceError` `.invalidLocation` when the location cannot be resolved.
    public convenience init(name: String, location: StoreLocation = .caches,
                            application: String = ProcessInfo.processInfo.processName) throws(PersistenceError) {
        try self.init(name: name, coding: .data, location: location, application: application)
    }
}

extension Cache where Value: AutoCodable {
    /// The process's shared cache of this type, named `shared-` and the type's name, in the caches
    /// location, archiving values as binary property lists. It starts with no format: register the
    /// ones you use.
    public static var shared: Cache<Value> {
        SharedCaches.cache(of: Value.self, name: "shared-\(String(reflecting: Value.self))", coding: .autoArchived)
    }

    /// Creates a cache of `AutoCodable` values, archived as binary property lists, under a standard
    /// location.
    ///
    /// - Parameters:
    ///   - name: The cache's name and directory name.
    ///   - location: The base directory; the caches directory by default.
    ///   - application: Scopes the files under the location; the process name by default.
    /// - Throws: `PersistenceError` `.invalidLocation` when the location cannot be resolved.
    public convenience init(name: String, location: StoreLocation = .caches,
                            application: String = ProcessInfo.processInfo.processName) throws(PersistenceError) {
        try self.init(name: name, coding: .autoArchived, location: location, application: application)
    }
}
