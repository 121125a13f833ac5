import AutoCoding

/// A small AutoCodable value for the cache tests.
struct CacheTestProfile: AutoCodable, Sendable, Equatable {
    var id = ""
    var name = ""
    var score = 0
    var tags: [String] = []
}
