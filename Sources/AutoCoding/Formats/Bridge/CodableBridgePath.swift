import PropertyList

/// What the `Codable` bridge's public entry points share: the reading context and the errors
/// `Codable` callers expect, carrying the ``AutoCodingError`` and its path.
enum CodableBridgePath {
    /// A property path as coding keys (positions as integer keys).
    static func keys(_ path: [AutoCodingError.PathComponent]) -> [any CodingKey] {
        path.map { component -> any CodingKey in
            switch component {
            case .property(let name): return BridgeKey(name)
            case .key(let key): return BridgeKey(key)
            case .index(let position): return BridgePositionKey(position)
            }
        }
    }

    /// How deep the bridge nests values, in either direction: the depth `JSONDecoder` reads.
    ///
    /// Lower than the archives' limit because the work at each level is the encoder's or
    /// decoder's, and theirs does not hop stacks as the engine's does: Foundation builds a coding
    /// path by recursing once per level (for every error, including the `keyNotFound` that
    /// `PropertyListDecoder` throws to say a key is missing), and `PropertyListDecoder` follows a
    /// binary list that contains itself forever. So past this depth the bridge fails with
    /// ``AutoCodingError/Kind/depthLimitExceeded`` instead of running any stack out.
    static let maximumDepth = 512

    static func decodingContext(_ decoder: any Decoder) -> DecodingContext {
        DecodingContext(engine: .shared, types: AutoCodingRegistry.snapshot(), maximumDepth: maximumDepth)
    }

    static func encodingContext() -> EncodingContext {
        EncodingContext(engine: .shared, registry: AutoCodingRegistry.snapshot(), maximumDepth: maximumDepth)
    }

    /// `error`, rooted at the type, as the `DecodingError` a decoder's caller catches.
    static func decodingError(_ error: AutoCodingError, typeName: String, _ decoder: any Decoder) -> DecodingError {
        let rooted = error.rooted(at: typeName)
        return DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath + keys(rooted.path), debugDescription: rooted.description, underlyingError: rooted))
    }
}
