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

    /// The error of a bridge call reached again from inside this one, which a type's own
    /// `Codable` carried out as the underlying error of its `DecodingError` or `EncodingError`:
    /// that call's kind, reason and path, the path to be continued by this call's coders as its
    /// own (not nested as text in a new reason at every call, which grew a message with every
    /// level). The keys the type's own coding added between the two calls are not in it: the
    /// engine does not see them.
    ///
    /// - Parameter underlying: The foreign error's underlying error.
    /// - Returns: The error to throw on, or `nil` when `underlying` is not a bridge call's.
    static func innerFailure(_ underlying: (any Error)?) -> AutoCodingError? {
        guard let inner = underlying as? AutoCodingError else { return nil }
        return AutoCodingError(inner.kind, inner.reason, path: inner.path, expected: inner.expected, found: inner.found)
    }
}
