/// A cache benchmark found the cache in a state its setup should have made impossible.
enum CacheBenchmarkError: Error {
    case missing(String)
}
