/// The coding contexts of the bridges (`Codable` and `NSCoding`), which share one depth limit.
///
/// The limit is lower than the archives' because at each level the work is partly the encoder's
/// or decoder's, and theirs does not move to a fresh stack as the engine's does: Foundation builds
/// a coding path by recursing once per level (for every error, including the `keyNotFound` that
/// `PropertyListDecoder` throws to say a key is missing), `PropertyListDecoder` follows a binary
/// list that contains itself forever, and `NSKeyedArchiver` writes nested dictionaries by
/// recursion. Past the limit the bridges fail with ``AutoCodingError/Kind/depthLimitExceeded``
/// naming the path, instead of running a stack out. The limit holds across bridge calls reached
/// again through types' own coding methods (``BridgeNesting``).
enum BridgeContexts {
    /// How deep values nest through a bridge, in either direction: the depth `JSONDecoder` reads.
    static let maximumDepth = 512

    /// A context for one bridge call, counting on from the levels enclosing bridge calls on this
    /// thread entered (``BridgeNesting``).
    static func encoding() -> EncodingContext {
        EncodingContext(engine: .shared, registry: AutoCodingRegistry.snapshot(), maximumDepth: maximumDepth,
                        levelsAbove: BridgeNesting.levelsAbove)
    }

    /// A context for one bridge call, counting on from the levels enclosing bridge calls on this
    /// thread entered (``BridgeNesting``).
    static func decoding() -> DecodingContext {
        DecodingContext(engine: .shared, types: AutoCodingRegistry.snapshot(), maximumDepth: maximumDepth,
                        levelsAbove: BridgeNesting.levelsAbove)
    }
}
