/// One stored property as the runtime's field metadata describes it.
package struct StoredField {
    /// The declared name (`_x` for a property wrapper's storage, `$__lazy_storage_$_x` for `lazy`).
    package var name: String
    /// The byte offset from the start of the value (structs) or object (classes, header included).
    package var offset: Int
    /// The declared type.
    package var type: Any.Type
    /// Whether the property holds its value strongly; `false` for `weak` and `unowned` references,
    /// whose storage is not a plain value of `type` and must never be read or written as one.
    var isStrong: Bool
    /// Whether the property is a `var` (`false` for `let`).
    var isVar: Bool
}

/// The record the runtime fills in for one stored property (the layout of the runtime's
/// `FieldReflectionMetadata`).
private struct RuntimeFieldRecord {
    var name: UnsafePointer<CChar>? = nil
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong = false
    var isVar = false
}

// The runtime's reflection entry points, the ones `Mirror` and the standard library's field
// enumeration are built on. They are reached by symbol name rather than through
// `@_spi(Reflection) import Swift`, which Apple's SDKs do not expose.
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeFieldMetadata(_ type: Any.Type, index: Int,
                                  fieldMetadata: UnsafeMutablePointer<RuntimeFieldRecord>) -> Any.Type

@_silgen_name("swift_getMetadataKind")
private func runtimeMetadataKind(_ type: Any.Type) -> UInt

/// Reads stored-property layouts from the runtime's reflection metadata.
///
/// This is the only place that asks the runtime for layouts; every layout it returns is checked
/// against `Mirror` by the plan builder before any offset is used.
package enum FieldLayout {
    /// Metadata kinds (stable ABI values).
    private enum Kind {
        static let structure: UInt = 0x200
        static let existential: UInt = 0x303
        static let extendedExistential: UInt = 0x307
    }

    /// The stored fields of `type` in declaration order, superclass fields first for classes, or
    /// `nil` when the runtime cannot describe the type (or `isClass` does not match it).
    package static func fields(of type: Any.Type, isClass: Bool) -> [StoredField]? {
        guard Self.isClass(type) == isClass else { return nil }
        guard isClass || runtimeMetadataKind(type) == Kind.structure else { return nil }
        let count = runtimeFieldCount(type)
        guard count >= 0 else { return nil }
        var result: [StoredField] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            var record = RuntimeFieldRecord()
            let fieldType = runtimeFieldMetadata(type, index: index, fieldMetadata: &record)
            defer { record.freeName?(record.name) }
            let name = record.name.map { String(cString: $0) } ?? ""
            result.append(StoredField(name: name, offset: runtimeFieldOffset(type, index: index), type: fieldType,
                                      isStrong: record.isStrong, isVar: record.isVar))
        }
        return result
    }

    /// The number of stored fields of `type`, its superclasses' included for classes.
    package static func fieldCount(of type: Any.Type) -> Int {
        runtimeFieldCount(type)
    }

    /// Whether `type` is a class (Swift or foreign).
    package static func isClass(_ type: Any.Type) -> Bool {
        type is AnyClass
    }

    /// Whether `type` is an existential such as `any P`, `Any`, `AnyObject` or `any P<T>`.
    package static func isExistential(_ type: Any.Type) -> Bool {
        let kind = runtimeMetadataKind(type)
        return kind == Kind.existential || kind == Kind.extendedExistential
    }

    /// Whether `type` is a struct, used to recognize property-wrapper storage.
    package static func isStruct(_ type: Any.Type) -> Bool {
        runtimeMetadataKind(type) == Kind.structure
    }
}
