import PropertyList

/// Any `Codable` type the engine does not handle natively (enums with payloads, library types),
/// archived through the engine's own `Encoder` and `Decoder` into the same property-list tree.
final class CodableCoder<C: Codable>: ValueCoding, @unchecked Sendable {
    // @unchecked: only an unowned reference to the engine, which is thread-safe.
    unowned let engine: AutoCodingEngine

    init(engine: AutoCodingEngine) { self.engine = engine }

    func encode(_ value: C, _ state: EncodingState) throws -> PropertyListValue {
        let encoder = TreeEncoder(engine: engine, state: state, codingPath: [])
        do {
            try value.encode(to: encoder)
        } catch let error as AutoCodingError {
            throw error
        } catch {
            throw AutoCodingError(.invalidValue, "\(C.self) failed to encode: \(error)")
        }
        guard let result = encoder.storage.value else {
            throw AutoCodingError(.unrepresentable, "\(C.self) encoded no value")
        }
        return result
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> C {
        let decoder = TreeDecoder(value: plist, engine: engine, state: state, codingPath: [])
        do {
            return try C(from: decoder)
        } catch let error as AutoCodingError {
            throw error
        } catch let error as DecodingError {
            throw AutoCodingError(decoding: error)
        } catch {
            throw AutoCodingError(.invalidValue, "\(C.self) failed to decode: \(error)")
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
