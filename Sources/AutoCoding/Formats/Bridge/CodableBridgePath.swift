import PropertyList

/// What the `Codable` bridge's public entry points share: the errors `Codable` callers expect,
/// carrying the ``AutoCodingError`` and its path.
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

    /// `error`, rooted at the type, as the `DecodingError` a decoder's caller catches.
    static func decodingError(_ error: AutoCodingError, typeName: String, _ decoder: any Decoder) -> DecodingError {
        let rooted = error.rooted(at: typeName)
        return DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath + keys(rooted.path), debugDescription: rooted.description, underlyingError: rooted))
    }
}
