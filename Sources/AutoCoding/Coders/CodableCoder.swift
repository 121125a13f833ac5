import PropertyList

/// Any `Codable` type the engine does not handle natively (enums with payloads, library types),
/// archived through the engine's own `Encoder` and `Decoder` as the tree its `encode(to:)` writes.
/// Values inside it that the engine handles natively (dates, data, `AutoCodable` values…) are
/// archived as they are everywhere else.
final class CodableCoder<C: Codable>: ValueCoding, @unchecked Sendable {
    // @unchecked: only an unowned reference to the engine, which is thread-safe.
    unowned let engine: AutoCodingEngine

    init(engine: AutoCodingEngine) { self.engine = engine }

    func encode<W: ArchiveWriter & ~Copyable>(_ value: C, to writer: inout W, _ context: EncodingContext) throws {
        try writer.encodable(value, context)
    }

    func decode<R: ArchiveReader>(_ node: R.Node, from reader: inout R, _ context: DecodingContext) throws -> C {
        try reader.decodable(C.self, node, context)
    }
}

/// How the archive formats hold a `Codable` value: the tree its `encode(to:)` writes through the
/// engine's own `Encoder`, read back through the engine's own `Decoder`.
enum CodableTree {
    static func encode<T: Encodable, W: ArchiveWriter & ~Copyable>(_ value: T, to writer: inout W,
                                                                    _ context: EncodingContext) throws {
        let encoder = TreeEncoder(engine: context.engine, context: context, path: .root)
        let outcome = Result { try context.nested { try value.encode(to: encoder) } }
        // Emptied without recursion whatever happened: a refused value can be as deep as the limit.
        var tree = encoder.storage.finish()
        if case .failure(let failure) = outcome {
            if let partial = tree.take() { PropertyListValue.release(consume partial) }
            if let error = failure as? AutoCodingError { throw error }
            throw AutoCodingError(.invalidValue, "\(T.self) failed to encode: \(failure)")
        }
        guard let result = tree.take() else {
            throw AutoCodingError(.unrepresentable, "\(T.self) encoded no value")
        }
        let written = Result { try writer.tree(result) }
        PropertyListValue.release(consume result)
        try written.get()
    }

    static func decode<T: Decodable, R: ArchiveReader>(_ type: T.Type, _ node: R.Node, from reader: inout R,
                                                       _ context: DecodingContext) throws -> T {
        let tree = try reader.tree(node)
        let result = Result { try decode(T.self, tree, context) }
        // The decoders are gone, so this is the tree's last owner (unless the reader caches it):
        // freed without recursion, however deep.
        PropertyListValue.release(consume tree)
        return try result.get()
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ tree: PropertyListValue, _ context: DecodingContext) throws -> T {
        let decoder = TreeDecoder(value: tree, engine: context.engine, context: context, path: .root)
        do {
            return try context.nested { try T(from: decoder) }
        } catch let error as AutoCodingError {
            throw error
        } catch let error as DecodingError {
            throw AutoCodingError(decoding: error)
        } catch {
            throw AutoCodingError(.invalidValue, "\(T.self) failed to decode: \(error)")
        }
    }
}

extension AutoCodingError {
    /// Path components for a `Codable` coding path.
    static func components(_ codingPath: [any CodingKey]) -> [PathComponent] {
        codingPath.map { key in
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                return .index(index)
            }
            return .property(key.stringValue)
        }
    }

    /// An error thrown by a type's own `init(from:)`.
    init(decoding error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(.typeMismatch, context.debugDescription, path: Self.components(context.codingPath), expected: "\(type)")
        case .valueNotFound(let type, let context):
            self.init(.missingValue, context.debugDescription, path: Self.components(context.codingPath), expected: "\(type)")
        case .keyNotFound(let key, let context):
            self.init(.missingValue, "no value for key \"\(key.stringValue)\"",
                      path: Self.components(context.codingPath))
        case .dataCorrupted(let context):
            self.init(.invalidValue, context.debugDescription, path: Self.components(context.codingPath))
        @unknown default:
            self.init(.invalidValue, "\(error)")
        }
    }
}
