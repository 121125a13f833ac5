/// The memory of one instance being archived or restored, with typed field access at offsets.
///
/// Every raw-pointer operation of the engine goes through this type. Offsets come from plans whose
/// layout was verified against `Mirror`; reads and writes use the field's exact static type, so
/// assignment releases the old value and retains the new one as the compiler would.
package struct InstanceMemory {
    private let base: UnsafeMutableRawPointer

    private init(base: UnsafeMutableRawPointer) { self.base = base }

    /// Calls `body` with the field of type `T` stored at `offset`, borrowed (not copied).
    @inline(__always)
    package func withField<T, Result>(_ type: T.Type, at offset: Int, _ body: (borrowing T) throws -> Result) rethrows -> Result {
        try body((base + offset).assumingMemoryBound(to: T.self).pointee)
    }

    /// Reads (copies) the field of type `T` stored at `offset`.
    @inline(__always)
    package func read<T>(_ type: T.Type, at offset: Int) -> T {
        (base + offset).assumingMemoryBound(to: T.self).pointee
    }

    /// Replaces the field of type `T` stored at `offset`.
    @inline(__always)
    package func write<T>(_ value: T, at offset: Int) {
        (base + offset).assumingMemoryBound(to: T.self).pointee = value
    }

    /// The memory `offset` bytes into this one (a stored struct, read in place).
    @inline(__always)
    package func advanced(by offset: Int) -> InstanceMemory {
        InstanceMemory(base: base + offset)
    }

    /// Calls `body` with the memory of an array's elements (read-only use) and their stride: element
    /// `i` is at offset `i * stride`.
    @inline(__always)
    package static func withElements<T, R>(of array: [T], _ body: (InstanceMemory, Int) throws -> R) rethrows -> R {
        try array.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else {
                return try body(InstanceMemory(base: UnsafeMutableRawPointer(bitPattern: 1).unsafelyUnwrapped),
                                MemoryLayout<T>.stride)
            }
            return try body(InstanceMemory(base: UnsafeMutableRawPointer(mutating: start)), MemoryLayout<T>.stride)
        }
    }

    /// Calls `body` with the memory of a struct value (read-only use).
    @inline(__always)
    package static func withValue<T, R>(_ value: T, _ body: (InstanceMemory) throws -> R) rethrows -> R {
        // Borrows the caller's storage; the memory is only read through this instance.
        try withUnsafePointer(to: value) { try body(InstanceMemory(base: UnsafeMutableRawPointer(mutating: $0))) }
    }

    /// Calls `body` with the memory of a struct value that it may write into.
    @inline(__always)
    package static func withMutableValue<T, R>(_ value: inout T, _ body: (InstanceMemory) throws -> R) rethrows -> R {
        try withUnsafeMutablePointer(to: &value) { try body(InstanceMemory(base: UnsafeMutableRawPointer($0))) }
    }

    /// The object `value` refers to, where `T` is a class type (``FieldLayout/isClass(_:)``): what
    /// `value as AnyObject` gives, without the runtime's search for a bridging conformance (a
    /// generic `T` is not known to be a class at compile time, so the cast looks for one).
    @inline(__always)
    package static func object<T>(of value: T) -> AnyObject {
        guard T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size else { return value as AnyObject }
        return withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: AnyObject.self) }
    }

    /// An array of `count` elements made by `element(index)` in order, built in place in one
    /// allocation of `count` elements (the caller bounds `count`); on error the elements made so
    /// far are destroyed.
    @inline(__always)
    package static func array<Element>(count: Int, _ element: (Int) throws -> Element) rethrows -> [Element] {
        try Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let start = buffer.baseAddress else { return }
            while initialized < count {
                (start + initialized).initialize(to: try element(initialized))
                initialized += 1
            }
        }
    }

    /// Calls `body` with the memory of an object; offsets of class plans include the header.
    @inline(__always)
    package static func withObject<R>(_ object: AnyObject, _ body: (InstanceMemory) throws -> R) rethrows -> R {
        try withExtendedLifetime(object) {
            try body(InstanceMemory(base: Unmanaged.passUnretained(object).toOpaque()))
        }
    }
}
