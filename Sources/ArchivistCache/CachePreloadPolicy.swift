/// Which disk entries a format loads into memory when it is registered.
///
/// Preloading runs in the background at a low priority, most recently used entries first, and stops
/// once the format's memory limit is reached. It pauses while real requests for the format are
/// waiting on the disk, never replaces a value a request has already put in memory, and does not
/// count as a use (it changes neither the disk LRU order nor what counts as the last session).
public enum CachePreloadPolicy: Sendable, Hashable {
    /// Load nothing; values reach memory when they are requested.
    case none
    /// Load the entries stored or read during the previous session of this format (the last time a
    /// process registered it), most recent first.
    case lastSession
    /// Load every entry, most recent first, as far as the memory limit allows.
    case all
}
