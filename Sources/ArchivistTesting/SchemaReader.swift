import Archivist

/// Lists a type's archived properties for a manifest, through `AutoArchiver.properties(of:)`,
/// descending into the `AutoCodable` types properties hold.
enum SchemaReader {
    /// The manifest properties of `type`.
    ///
    /// - Throws: `AutoCodingError` when a plan cannot be built (an unsupported property type).
    static func properties<T: AutoCodable>(of type: T.Type) throws -> [FixtureProperty] {
        var listing: Set<ObjectIdentifier> = [ObjectIdentifier(T.self)]
        return try read(T.self, listing: &listing)
    }

    private static func read<U: AutoCodable>(_ type: U.Type, listing: inout Set<ObjectIdentifier>) throws -> [FixtureProperty] {
        var result: [FixtureProperty] = []
        for field in try AutoArchiver.properties(of: U.self) {
            var element = ""
            var inner = field.type
            while let container = inner as? any SchemaContainer.Type {
                element += container.schemaPathStep
                inner = container.schemaElementType
            }
            var nested: [FixtureProperty]?
            let identity = ObjectIdentifier(inner)
            if let codable = inner as? any AutoCodable.Type, !listing.contains(identity) {
                listing.insert(identity)
                nested = try read(codable, listing: &listing)
                listing.remove(identity)
            }
            result.append(FixtureProperty(name: field.name, key: field.key, type: TypeRecord.stableName(of: field.type),
                                          element: nested == nil || element.isEmpty ? nil : element,
                                          properties: nested))
        }
        return result
    }
}
