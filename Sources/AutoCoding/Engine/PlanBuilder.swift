/// Fills a ``TypePlan`` from the runtime's field metadata and verifies it against `Mirror`.
enum PlanBuilder {
    /// Storage of `lazy var x` is named with this prefix; it is a cache and never archived.
    static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// Builds the fields of `plan` for `T` and verifies their offsets on a default instance.
    ///
    /// - Throws: ``AutoCodingError`` naming the property whose type cannot be archived, or a
    ///   configuration problem (reserved or duplicate keys).
    static func build<T: AutoCodable>(_ plan: TypePlan, for type: T.Type, engine: AutoCodingEngine) throws {
        guard let stored = FieldLayout.fields(of: T.self, isClass: plan.isClass) else {
            // No usable metadata: nothing can be archived safely.
            throw AutoCodingError(.unverifiedLayout, "the runtime reports no field layout for \(T.self)")
        }
        let storedNames = Set(stored.map(\.name))
        let transient = T.autoCodingTransientProperties
        let renames = T.autoCodingKeys
        var fields: [FieldPlan] = []
        var keys: Set<String> = [ReservedKey.type, ReservedKey.version]
        for field in stored where !field.name.hasPrefix(lazyStoragePrefix) {
            var name = field.name
            var offset = field.offset
            var valueType = field.type
            var mirrorPath = [field.name]
            if let wrapped = wrappedValueField(of: field, storedNames: storedNames) {
                name = String(field.name.dropFirst())
                offset += wrapped.offset
                valueType = wrapped.type
                mirrorPath.append(wrapped.name)
            }
            if transient.contains(name) || transient.contains(field.name) { continue }
            guard field.isStrong else {
                // Weak and unowned storage is a side-table reference, not a value of the declared
                // type: reading it as one would crash. Refuse instead of guessing.
                throw AutoCodingError(.unsupportedType,
                                      "weak and unowned properties cannot be archived; list \"\(name)\" in "
                                      + "autoCodingTransientProperties and restore it in autoCodingDidDecode()",
                                      path: [.property(name)], found: "\(field.type)")
            }
            let key = renames[name] ?? name
            guard !key.hasPrefix("$") else {
                throw AutoCodingError(.invalidConfiguration, "the archive key \"\(key)\" starts with \"$\", which is reserved",
                                      path: [.property(name)])
            }
            guard keys.insert(key).inserted else {
                throw AutoCodingError(.invalidConfiguration, "two properties are archived under the key \"\(key)\"",
                                      path: [.property(name)])
            }
            let coder: any FieldCoding
            do {
                coder = try engine.fieldCoder(forAnyType: valueType)
            } catch let error as AutoCodingError {
                throw error.within(.property(name))
            }
            fields.append(FieldPlan(name: name, key: key, offset: offset, coder: coder, mirrorPath: mirrorPath,
                                    serial: engine.nextFieldSerial()))
        }
        plan.fields = fields
        plan.claimedKeys = keys
        plan.layoutProblem = verify(plan, stored: stored, for: T.self)
    }

    /// The `wrappedValue` field inside `field` when `field` is property-wrapper storage: named
    /// `_x`, no other stored property named `x`, and a struct with a stored `wrappedValue`.
    private static func wrappedValueField(of field: StoredField, storedNames: Set<String>) -> StoredField? {
        guard field.name.hasPrefix("_"), field.name.count > 1, !storedNames.contains(String(field.name.dropFirst())),
              FieldLayout.isStruct(field.type),
              let inner = FieldLayout.fields(of: field.type, isClass: false)
        else { return nil }
        return inner.first { $0.name == "wrappedValue" }
    }

    /// Why the runtime layout of `T` cannot be trusted, or `nil` when `Mirror` agrees with it on a
    /// default instance: same properties in the same order, and every archived property's value
    /// read at its offset archives the same as the value `Mirror` reports.
    private static func verify<T: AutoCodable>(_ plan: TypePlan, stored: [StoredField], for type: T.Type) -> String? {
        let instance = T()
        var levels: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let current = mirror {
            levels.append(current)
            mirror = current.superclassMirror
        }
        var children: [String: Any] = [:]
        var labels: [String] = []
        for level in levels.reversed() {
            for child in level.children {
                guard let label = child.label else { return "Mirror reports an unlabeled child" }
                labels.append(label)
                children[label] = child.value
            }
        }
        guard labels == stored.map(\.name) else {
            return "Mirror reports properties \(labels), the runtime layout \(stored.map(\.name))"
        }
        for field in plan.fields {
            guard let mirrorValue = TypePlan.follow(field.mirrorPath, in: children) else {
                return "Mirror does not report \(field.mirrorPath.joined(separator: "."))"
            }
            guard field.offset >= 0, field.offset % field.coder.valueAlignment == 0 else {
                return "\(field.name) has a misaligned offset \(field.offset)"
            }
            if !plan.isClass, field.offset + field.coder.valueSize > MemoryLayout<T>.size {
                return "\(field.name) lies outside \(T.self)"
            }
            guard field.coder.valueAccepts(mirrorValue) else {
                return "Mirror reports a \(Swift.type(of: mirrorValue)) for \(field.name), declared \(field.coder.valueType)"
            }
            let agrees = plan.isClass
                ? InstanceMemory.withObject(instance as AnyObject) { field.coder.fieldAgrees(with: mirrorValue, in: $0, at: field.offset) }
                : InstanceMemory.withValue(instance) { field.coder.fieldAgrees(with: mirrorValue, in: $0, at: field.offset) }
            guard agrees else { return "the value of \(field.name) read at offset \(field.offset) differs from Mirror's" }
        }
        return nil
    }
}
