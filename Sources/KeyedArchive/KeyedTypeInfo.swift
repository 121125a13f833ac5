import AutoCoding

/// An `AutoCodable` type as the keyed archive sees it: its reflection and one shape per field.
final class KeyedTypeInfo: @unchecked Sendable {
    // @unchecked: `shapes` is assigned once by ``KeyedTypeCache`` under its lock, before the info
    // is used outside the cache; afterwards everything is read-only.

    let reflection: AutoCodingReflection
    /// The shape of each field of ``reflection``, same order.
    var shapes: [KeyedShape] = []
    /// Field positions by archive key.
    let positions: [String: Int]
    /// The type's superclasses that are `AutoCodable`, nearest first (empty for structs).
    let superclasses: [any AutoCodable.Type]

    init(reflection: AutoCodingReflection) {
        self.reflection = reflection
        var positions: [String: Int] = [:]
        for (position, field) in reflection.fields.enumerated() { positions[field.key] = position }
        self.positions = positions
        var superclasses: [any AutoCodable.Type] = []
        if let type = reflection.type as? AnyClass {
            var current: AnyClass? = _getSuperclass(type)
            while let found = current {
                if let auto = found as? any AutoCodable.Type { superclasses.append(auto) }
                current = _getSuperclass(found)
            }
        }
        self.superclasses = superclasses
    }

    var type: any AutoCodable.Type { reflection.type }
    var isClass: Bool { reflection.isClass }

    /// Whether an instance of `other` may stand where this type is declared (same type or subclass).
    func accepts(_ other: KeyedTypeInfo) -> Bool {
        if ObjectIdentifier(other.type) == ObjectIdentifier(type) { return true }
        return other.superclasses.contains { ObjectIdentifier($0) == ObjectIdentifier(type) }
    }
}
