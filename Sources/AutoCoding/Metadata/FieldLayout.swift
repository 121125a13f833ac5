@_spi(Reflection) import Swift

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
    var isStrong = true
}

/// The record the runtime fills in for one stored property (names as in the runtime's C struct).
private struct RuntimeFieldRecord {
    var name: UnsafePointer<CChar>? = nil
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong = false
    var isVar = false
}

// The runtime entry points `_forEachField` itself is built on; used here only to learn which
// properties are `weak` or `unowned`, which `_forEachField` does not say.
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeFieldMetadata(_ type: Any.Type, index: Int,
                                  fieldMetadata: UnsafeMutablePointer<RuntimeFieldRecord>) -> Any.Type

/// Reads stored-property layouts from the runtime's reflection metadata.
///
/// This is the only place that calls the `@_spi(Reflection)` entry point; every layout it returns is
/// checked against `Mirror` by the plan builder before any offset is used.
package enum FieldLayout {
    /// The stored fields of `type` in declaration order, superclass fields first for classes, or
    /// `nil` when the runtime cannot describe the type.
    package static func fields(of type: Any.Type, isClass: Bool) -> [StoredField]? {
        var result: [StoredField] = []
        // Raw value 1 is `.classType`; the spelled-out member is unavailable in Swift 6 mode.
        let options = _EachFieldOptions(rawValue: isClass ? 1 : 0)
        let complete = _forEachField(of: type, options: options) { name, offset, fieldType, _ in
            result.append(StoredField(name: String(cString: name), offset: offset, type: fieldType))
            return true
        }
        guard complete else { return nil }
        // Same enumeration as `_forEachField`: index i there is index i here.
        guard runtimeFieldCount(type) == result.count else { return nil }
        for index in result.indices {
            var record = RuntimeFieldRecord()
            _ = runtimeFieldMetadata(type, index: index, fieldMetadata: &record)
            result[index].isStrong = record.isStrong
            record.freeName?(record.name)
        }
        return result
    }

    /// Whether `type` is a class (Swift or foreign), judged from its metadata kind.
    package static func isClass(_ type: Any.Type) -> Bool {
        type is AnyObject.Type
    }

    /// Whether `type` is an existential such as `any P`, `Any` or `AnyObject`.
    package static func isExistential(_ type: Any.Type) -> Bool {
        // The first word of non-class metadata is its kind; class metadata starts with an isa
        // pointer or (on Linux) kind 0. 0x303 = existential, 0x307 = extended existential
        // (`any P<T>`). Both are stable ABI values.
        let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
        return kind == 0x303 || kind == 0x307
    }

    /// Whether `type` is a struct (kind 0x200), used to recognize property-wrapper storage.
    package static func isStruct(_ type: Any.Type) -> Bool {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x200
    }
}
