import Foundation
import PropertyList

/// Builds, verifies and caches one coder per type; the single shared instance serves all archives.
///
/// Building happens under a recursive lock (a plan's fields may need the plans of other types, or
/// of the type itself for recursive types); a finished coder is immutable, so archives use it
/// without locking. Coders built during a build that fails are discarded with it.
///
/// Types are taken apart only through casts of metatypes obtained at run time (`Any.Type`), never
/// through casts of instances to protocols: an instance cast to a protocol whose conformance is
/// isolated to the main actor (the default in app targets built with default `MainActor`
/// isolation) fails off the main thread, and an existential metatype built from a statically
/// known class metatype can be opened as that static class by the optimizer.
package final class AutoCodingEngine: @unchecked Sendable {
    // @unchecked: `coders`, `pending` and `depth` are only touched while `lock` is held.

    /// The engine every archive uses.
    package static let shared = AutoCodingEngine()

    private let lock = NSRecursiveLock()
    private var coders: [ObjectIdentifier: any FieldCoding] = [:]
    private var pending: [ObjectIdentifier] = []
    private var depth = 0

    /// Whether this thread is building a coder (and so holds ``lock``).
    ///
    /// Building runs code of the type's own (`init()`, `Codable` methods) to verify the plan; work
    /// that nests deep enough to move to a fresh stack must not happen then, since the new thread
    /// would wait for the lock this one holds while this one waits for it. So builds start with
    /// ``buildingStackRoom`` to spare (moving to a fresh stack first, without the lock, if need
    /// be), and nesting that would still run out of stack during a build is an error, not a hop.
    @TaskLocal static var isBuilding = false

    /// Stack a build starts with at least (1 MiB): verifying a plan encodes the type's default
    /// value, which is shallow.
    private static let buildingStackRoom: UInt = 1 << 20

    /// The coder of `T`, built (and verified) on first use.
    ///
    /// - Throws: ``AutoCodingError/Kind/unsupportedType`` naming the property and type that cannot
    ///   be archived.
    package func coder<T>(for type: T.Type) throws -> any ValueCoding<T> {
        let coder = try fieldCoder(forAnyType: type)
        guard let typed = coder as? any ValueCoding<T> else {
            throw AutoCodingError(.unsupportedType, "the coder built for \(T.self) codes \(coder.valueType)")
        }
        return typed
    }

    /// The coder of a type known only at run time.
    package func fieldCoder(forAnyType type: Any.Type) throws -> any FieldCoding {
        try fieldCoder(forAnyType: type, onFreshStack: false)
    }

    /// ``fieldCoder(forAnyType:)``; `onFreshStack` when this thread was started for the build (it
    /// builds whatever its stack looks like: a stack that cannot be measured, as under
    /// AddressSanitizer's fake stacks, must not make every thread start another).
    private func fieldCoder(forAnyType type: Any.Type, onFreshStack: Bool) throws -> any FieldCoding {
        let identity = ObjectIdentifier(type)
        lock.lock()
        if let cached = coders[identity] {
            lock.unlock()
            return cached
        }
        if depth == 0, !onFreshStack, StackGuard.isExhausted(below: StackGuard.limit() &+ Self.buildingStackRoom) {
            // Too little stack to build under the lock: build on a fresh stack, the lock not held here.
            lock.unlock()
            return try StackGuard.onFreshStack(unavailable: AutoCodingError.threadUnavailable) { (_) throws(any Error) in
                try self.fieldCoder(forAnyType: type, onFreshStack: true)
            }
        }
        defer { lock.unlock() }
        return try Self.$isBuilding.withValue(true) { try build(type, identity) }
    }

    /// Builds the coder of `type` (the lock held).
    private func build(_ type: Any.Type, _ identity: ObjectIdentifier) throws -> any FieldCoding {
        depth += 1
        defer { depth -= 1 }
        do {
            let coder = try makeCoder(for: type)
            if coders[identity] == nil {
                coders[identity] = coder
                pending.append(identity)
            }
            if depth == 1 { pending.removeAll() }
            return coders[identity] ?? coder
        } catch {
            // Nothing built during a failed build stays: it may refer to the failed plan.
            if depth == 1 {
                for built in pending { coders[built] = nil }
                pending.removeAll()
            }
            throw error
        }
    }

    /// The coder of an `AutoCodable` type known only at run time.
    package func objectCoder(for type: Any.Type) throws -> any ObjectCoding {
        guard let coder = try fieldCoder(forAnyType: type) as? any ObjectCoding else {
            throw AutoCodingError(.unsupportedType, "\(type) is not AutoCodable", found: "\(type)")
        }
        return coder
    }

    /// The tree a value archives as, for comparing values during plan verification.
    func probeTree<T>(of value: T, _ coder: any ValueCoding<T>) throws -> PropertyListValue {
        let context = EncodingContext(engine: self, registry: AutoCodingRegistry.snapshot())
        var writer = TreeArchiveWriter()
        try coder.encode(value, to: &writer, context)
        return try writer.finish()
    }

    /// Registers a coder before its plan is complete, so recursive types find it.
    fileprivate func publishEarly(_ coder: any FieldCoding, for type: Any.Type) {
        let identity = ObjectIdentifier(type)
        coders[identity] = coder
        pending.append(identity)
    }

    private func makeCoder(for type: Any.Type) throws -> any FieldCoding {
        if let builtin = Self.builtins[ObjectIdentifier(type)] { return builtin }
        if let autoType = type as? any AutoCodable.Type { return try autoCoder(for: autoType) }
        if let optional = type as? any OptionalMarker.Type { return try optional.makeCoder(self) }
        if let array = type as? any ArrayMarker.Type { return try array.makeCoder(self) }
        if let set = type as? any SetMarker.Type { return try set.makeCoder(self) }
        if let dictionary = type as? any DictionaryMarker.Type, let coder = try dictionary.makeCoder(self) {
            return coder
        }
        if let represented = type as? any RawRepresentable.Type, let coder = try? rawValueCoder(for: represented) {
            return coder
        }
        if FieldLayout.isExistential(type) { return existentialCoder(for: type) }
        if let codable = type as? any Codable.Type { return codableCoder(for: codable) }
        throw AutoCodingError(.unsupportedType, "type \(type) is not archivable", found: "\(type)")
    }

    private func rawValueCoder<R: RawRepresentable>(for type: R.Type) throws -> any FieldCoding {
        RawValueCoder<R>(raw: try coder(for: R.RawValue.self))
    }

    private func codableCoder<C: Codable>(for type: C.Type) -> any FieldCoding {
        CodableCoder<C>(engine: self)
    }

    private func existentialCoder(for type: Any.Type) -> any FieldCoding {
        func make<T>(_ type: T.Type) -> any FieldCoding { ExistentialCoder<T>(engine: self) }
        return _openExistential(type, do: make)
    }

    /// The coder of a type the engine handles directly (scalars, Foundation values, `AutoCodable`
    /// types), or `nil`: the `Codable` bridge uses these instead of the types' own `Codable`
    /// conformances so both paths produce the same archive.
    func nativeCoder(forAnyType type: Any.Type) throws -> (any FieldCoding)? {
        if Self.builtins[ObjectIdentifier(type)] == nil && !(type is any AutoCodable.Type) { return nil }
        return try fieldCoder(forAnyType: type)
    }

    private func autoCoder<T: AutoCodable>(for type: T.Type) throws -> any FieldCoding {
        let plan = TypePlan(type: T.self, isClass: FieldLayout.isClass(T.self), version: T.autoCodingVersion)
        let coder = AutoCodableCoder<T>(plan: plan, engine: self)
        publishEarly(coder, for: T.self)
        do {
            try PlanBuilder.build(plan, for: T.self, engine: self)
        } catch {
            // Never leave a half-built plan behind, even if an outer build swallows the error.
            coders[ObjectIdentifier(T.self)] = nil
            if let error = error as? AutoCodingError { throw error.rooted(at: plan.typeName) }
            throw error
        }
        return coder
    }

    private static let builtins: [ObjectIdentifier: any FieldCoding] = [
        ObjectIdentifier(Int.self): IntegerCoder<Int>(),
        ObjectIdentifier(Int8.self): IntegerCoder<Int8>(),
        ObjectIdentifier(Int16.self): IntegerCoder<Int16>(),
        ObjectIdentifier(Int32.self): IntegerCoder<Int32>(),
        ObjectIdentifier(Int64.self): IntegerCoder<Int64>(),
        ObjectIdentifier(UInt.self): IntegerCoder<UInt>(),
        ObjectIdentifier(UInt8.self): IntegerCoder<UInt8>(),
        ObjectIdentifier(UInt16.self): IntegerCoder<UInt16>(),
        ObjectIdentifier(UInt32.self): IntegerCoder<UInt32>(),
        ObjectIdentifier(UInt64.self): IntegerCoder<UInt64>(),
        ObjectIdentifier(Bool.self): BoolCoder(),
        ObjectIdentifier(Double.self): DoubleCoder(),
        ObjectIdentifier(Float.self): FloatCoder(),
        ObjectIdentifier(String.self): StringCoder(),
        ObjectIdentifier(Data.self): DataCoder(),
        ObjectIdentifier(Date.self): DateCoder(),
        ObjectIdentifier(URL.self): URLCoder(),
        ObjectIdentifier(UUID.self): UUIDCoder(),
        ObjectIdentifier(Decimal.self): DecimalCoder(),
    ]
}
