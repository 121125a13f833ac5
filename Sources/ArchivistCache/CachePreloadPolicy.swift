/// Which disk entries a format loads into memory when it is registered.
///
/// Preloading runs in the background at a low priority, most recently used entries first, and stops
/// once the format's memory limit is reached. It pauses while real requests for the format are
/// waiting on the disk, never replaces a value a request has already put in memory, and does not
/// count as a use (it changes neither the disk LRU order nor what counts as the last session).
///
/// An options struct: new policies can be added without breaking code that names these.
public struct CachePreloadPolicy: Sendable, Hashable, CustomStringConvertible {
    /// The policy's name.
    public let name: String

    private init(_ name: String) {
        self.name = name
    }

    /// Load nothing; values reach memory when they are requested.
    public static let none = CachePreloadPolicy("none")
    /// Load the entries stored or read during the previous session of this format (the last time a
    /// process registered it), most recent first.
    public static let lastSession = CachePreloadPolicy("lastSession")
    /// Load every entry, most recent first, as far as the memory limit allows.
    public static let all = CachePreloadPolicy("all")

    /// The policy's name, e.g. `lastSession`.
    public var description: String { name }
}
