import Observation

/// Fills a ``TypePlan`` from the runtime's field metadata and verifies it against `Mirror`.
enum PlanBuilder {
    /// Storage of `lazy var x` is named with this prefix; it is a cache and never archived.
    static let lazyStoragePrefix = "$__lazy_storage_$_"
    /// The stored property the `@Observable` macro adds; never archived.
    static let observationRegistrarName = "_$observationRegistrar"

    /// Builds the fields of `plan` for `T` and verifies their offsets on a default instance.
    ///
    /// - Throws: ``AutoCodingError`` naming the property whose type cannot be archived, or a
    ///   configuration problem (reserved or duplicate keys, a customization naming no property,
    ///   an actor).
    static func build<T: AutoCodable>(_ plan: TypePlan, for type: T.Type, engine: AutoCodingEngine) throws {
        if T.self is any Actor.Type {
            throw AutoCodingError(.unsupportedType,
                                  "\(T.self) is an actor: its state is isolated to the actor, so it cannot be read or filled "
                                  + "synchronously from outside. Archive a snapshot instead: a struct with the actor's values, "
                                  + "made inside the actor (for example `let snapshot = await counter.snapshot()`), and build "
                                  + "a new actor from an unarchived snapshot",
                                  found: "\(T.self)")
        }
        guard let stored = FieldLayout.fields(of: T.self, isClass: plan.isClass) else {
            // No usable metadata: nothing can be archived safely.
            throw AutoCodingError(.unverifiedLayout, "the runtime reports no field layout for \(T.self)")
        }
        let levels = try CustomizationLevels(for: T.self, fieldCount: stored.count)
        plan.conformingSuperclasses = levels.conformingSuperclasses
        let storedNames = Set(stored.map(\.name))
        let isObservable = stored.contains { $0.name == observationRegistrarName && $0.type == ObservationRegistrar.self }
        var fields: [FieldPlan] = []
        var keys: Set<String> = [ReservedKey.type, ReservedKey.version, ReservedKey.nilMarker]
        var namesSeen: Set<String> = []
        for (index, field) in stored.enumerated() where !field.name.hasPrefix(lazyStoragePrefix) {
            if isObservable, field.name == observationRegistrarName { continue }
            var name = field.name
            var offset = field.offset
            var valueType = field.type
            var mirrorPath = [field.name]
            let unprefixed = String(field.name.dropFirst())
            let isUnderscored = field.name.hasPrefix("_") && field.name.count > 1 && !storedNames.contains(unprefixed)
            if isUnderscored, let wrapped = wrappedValueField(of: field) {
                // A property wrapper's storage `_name`: archived as its `wrappedValue` under `name`.
                name = unprefixed
                offset += wrapped.offset
                valueType = wrapped.type
                mirrorPath.append(wrapped.name)
            } else if isObservable, isUnderscored, field.isVar {
                // `@Observable` keeps `var name` in `_name`; the declared name is `name`.
                name = unprefixed
            } else if isObservable, field.isVar, levels.renames(fieldAt: index)[field.name] == nil {
                // A `var` the `@Observable` macro left alone is `@ObservationIgnored`: state the model
                // does not publish (caches, services). Naming it in `autoCodingKeys` archives it.
                continue
            }
            namesSeen.insert(name)
            namesSeen.insert(field.name)
            if levels.isTransient(name, or: field.name, fieldAt: index) { continue }
            guard field.isStrong else {
                // Weak and unowned storage is a side-table reference, not a value of the declared
                // type: reading it as one would crash. Refuse instead of guessing.
                throw AutoCodingError(.unsupportedType,
                                      "weak and unowned properties cannot be archived; list \"\(name)\" in "
                                      + "autoCodingTransientProperties and restore it in autoCodingDidDecode()",
                                      path: [.property(name)], found: "\(field.type)")
            }
            let renames = levels.renames(fieldAt: index)
            let key = renames[name] ?? renames[field.name] ?? name
            guard !ReservedKey.isReserved(key) else {
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
            fields.append(FieldPlan(name: name, key: key, offset: offset, coder: coder, mirrorPath: mirrorPath))
        }
        for listed in levels.allNamedProperties.sorted() where !namesSeen.contains(listed) && !storedNames.contains(listed) {
            throw AutoCodingError(.invalidConfiguration,
                                  "autoCodingKeys or autoCodingTransientProperties names \"\(listed)\", which is not a stored "
                                  + "property of \(T.self)")
        }
        plan.fields = fields
        plan.claimedKeys = keys
        plan.layoutProblem = verify(plan, stored: stored, for: T.self, engine: engine)
    }

    /// The `wrappedValue` field inside `field` when `field` is property-wrapper storage: a struct
    /// with a stored `wrappedValue`.
    private static func wrappedValueField(of field: StoredField) -> StoredField? {
        guard FieldLayout.isStruct(field.type), let inner = FieldLayout.fields(of: field.type, isClass: false) else {
            return nil
        }
        return inner.first { $0.name == "wrappedValue" }
    }

    /// Why the runtime layout of `T` cannot be trusted, or `nil` when `Mirror` agrees with it on a
    /// default instance: same properties in the same order, and every archived property's value
    /// read at its offset archives the same as the value `Mirror` reports.
    private static func verify<T: AutoCodable>(_ plan: TypePlan, stored: [StoredField], for type: T.Type,
                                               engine: AutoCodingEngine) -> String? {
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
                ? InstanceMemory.withObject(instance as AnyObject) {
                    field.coder.fieldAgrees(with: mirrorValue, in: $0, at: field.offset, engine)
                }
                : InstanceMemory.withValue(instance) { field.coder.fieldAgrees(with: mirrorValue, in: $0, at: field.offset, engine) }
            guard agrees else { return "the value of \(field.name) read at offset \(field.offset) differs from Mirror's" }
        }
        // Last, on the instance no longer needed (the hook may change it), and only for types the
        // `Codable` bridge may decode: a type that is only archived never sees the probe.
        if T.self is any Decodable.Type {
            var probed = instance
            plan.implementsUnknownKeysHook = UnknownKeysProbe.implementsHook(&probed)
        }
        return nil
    }
}
