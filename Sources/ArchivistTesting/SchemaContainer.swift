/// A container whose element type the schema reader looks through to list nested properties.
protocol SchemaContainer {
    /// The element (or wrapped) type.
    static var schemaElementType: Any.Type { get }
    /// How a path steps into an element: `[]` or `?`.
    static var schemaPathStep: String { get }
}

extension Array: SchemaContainer {
    static var schemaElementType: Any.Type { Element.self }
    static var schemaPathStep: String { "[]" }
}

extension ContiguousArray: SchemaContainer {
    static var schemaElementType: Any.Type { Element.self }
    static var schemaPathStep: String { "[]" }
}

extension Set: SchemaContainer {
    static var schemaElementType: Any.Type { Element.self }
    static var schemaPathStep: String { "[]" }
}

extension Dictionary: SchemaContainer {
    static var schemaElementType: Any.Type { Value.self }
    static var schemaPathStep: String { "[]" }
}

extension Optional: SchemaContainer {
    static var schemaElementType: Any.Type { Wrapped.self }
    static var schemaPathStep: String { "?" }
}
