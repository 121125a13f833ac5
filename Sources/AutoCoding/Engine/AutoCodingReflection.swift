/// The archived properties of one `AutoCodable` type, for other archive formats of this package.
///
/// Gives the verified plan's fields (names, keys, declared types) and typed access to their
/// values through ``InstanceMemory``, so a format such as the keyed archive can walk an object
/// graph without its own reflection or unsafe code. Only verified plans are offered: a type whose
/// layout `Mirror` does not confirm is refused when the reflection is made.
package struct AutoCodingReflection: @unchecked Sendable {
    // @unchecked: holds an immutable published plan and a metatype.

    /// One archived stored property.
    package struct Field: @unchecked Sendable {
        // @unchecked: immutable; `type` is a metatype.
        /// The declared property name.
        package let name: String
        /// The archive key (``AutoCodable/autoCodingKeys`` applied).
        package let key: String
        /// The declared type of the property.
        package let type: Any.Type
    }

    /// The reflected type.
    package let type: any AutoCodable.Type
    /// The type's name as paths show it, e.g. `Order` or `Box<Int>`.
    package let typeName: String
    /// Whether the type is a class.
    package let isClass: Bool
    /// The archived properties in declaration order (superclass first).
    package let fields: [Field]
    private let plan: TypePlan

    /// The reflection of `type`, building its plan on first use.
    ///
    /// - Parameter type: An `AutoCodable` type.
    /// - Throws: ``AutoCodingError`` when a property's type cannot be archived or the layout could
    ///   not be verified (``AutoCodingError/Kind/unverifiedLayout``).
    package init(_ type: any AutoCodable.Type) throws {
        let coder = try AutoCodingEngine.shared.objectCoder(for: type)
        let plan = coder.plan
        if let problem = plan.layoutProblem {
            throw AutoCodingError(.unverifiedLayout, "\(plan.typeName) cannot be reflected: \(problem)")
        }
        self.type = type
        self.plan = plan
        self.typeName = plan.typeName
        self.isClass = plan.isClass
        self.fields = plan.fields.map { Field(name: $0.name, key: $0.key.text, type: $0.coder.valueType) }
    }

    /// Whether `type` is an existential such as `any P` or `Any` (whose values carry their own type).
    ///
    /// - Parameter type: Any type.
    /// - Returns: `true` for existential types.
    package static func isExistential(_ type: Any.Type) -> Bool {
        FieldLayout.isExistential(type)
    }

    /// A new default instance (`init()`), which runs only the type's own initializer.
    package func makeDefault() -> any AutoCodable {
        type.init()
    }

    /// Calls `body` with the index and boxed value of every archived property of `instance`.
    ///
    /// - Parameters:
    ///   - instance: An instance of exactly the reflected type.
    ///   - body: Receives each field's index in ``fields`` and its current value.
    package func forEachField(of instance: any AutoCodable, _ body: (Int, Any) throws -> Void) rethrows {
        if isClass {
            try InstanceMemory.withObject(instance as AnyObject) { memory in
                for (index, field) in plan.fields.enumerated() {
                    try body(index, field.coder.readBoxedField(in: memory, at: field.offset))
                }
            }
        } else {
            try forEachValueField(of: instance, body)
        }
    }

    private func forEachValueField<T: AutoCodable>(of value: T, _ body: (Int, Any) throws -> Void) rethrows {
        try InstanceMemory.withValue(value) { memory in
            for (index, field) in plan.fields.enumerated() {
                try body(index, field.coder.readBoxedField(in: memory, at: field.offset))
            }
        }
    }

    /// Stores values into the archived properties of `instance`.
    ///
    /// - Parameters:
    ///   - instance: An instance of exactly the reflected type; for a class the object itself is
    ///     changed, for a struct the value in place.
    ///   - value: Returns the new value of the field at an index, or `nil` to keep the current one.
    /// - Throws: ``AutoCodingError/Kind/typeMismatch`` naming the property when a returned value is
    ///   not of its declared type (that field is left unchanged), or what `value` throws.
    package func fill(_ instance: inout any AutoCodable, _ value: (Int) throws -> Any?) throws {
        if isClass {
            try InstanceMemory.withObject(instance as AnyObject) { try fill($0, value) }
        } else {
            try fillValue(&instance, value)
        }
    }

    /// Stores values into the archived properties of a class instance.
    ///
    /// - Parameters:
    ///   - object: An instance of exactly the reflected class.
    ///   - value: Returns the new value of the field at an index, or `nil` to keep the current one.
    /// - Throws: As ``fill(_:_:)``.
    package func fill(object: AnyObject, _ value: (Int) throws -> Any?) throws {
        try InstanceMemory.withObject(object) { try fill($0, value) }
    }

    private func fillValue<T: AutoCodable>(_ instance: inout T, _ value: (Int) throws -> Any?) throws {
        try InstanceMemory.withMutableValue(&instance) { try fill($0, value) }
    }

    private func fill(_ memory: InstanceMemory, _ value: (Int) throws -> Any?) throws {
        for (index, field) in plan.fields.enumerated() {
            guard let new = try value(index) else { continue }
            guard field.coder.writeBoxedField(new, in: memory, at: field.offset) else {
                throw AutoCodingError(.typeMismatch, "a \(Swift.type(of: new)) cannot be stored in \(field.coder.valueType)",
                                      path: [.property(field.name)], expected: "\(field.coder.valueType)",
                                      found: "\(Swift.type(of: new))")
            }
        }
    }
}
