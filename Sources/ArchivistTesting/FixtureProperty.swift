/// One archived property as a manifest records it: declared name, archive key, type, and the
/// properties of the `AutoCodable` type it holds (directly or inside arrays, sets, dictionaries
/// and optionals).
struct FixtureProperty: Codable, Sendable, Equatable {
    /// The declared name.
    var name: String
    /// The archive key (differs from the name through `autoCodingKeys`).
    var key: String
    /// The type's stable spelling, e.g. `Array<Line>`.
    var type: String
    /// How the nested properties are reached through containers: `[]` per array, set or
    /// dictionary level, `?` per optional; absent when the property holds the type directly.
    var element: String?
    /// The nested `AutoCodable` type's properties; absent for other types and for a type already
    /// being listed further out (recursive types).
    var properties: [FixtureProperty]?
}
