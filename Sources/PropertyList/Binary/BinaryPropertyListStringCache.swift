/// The strings of one `bplist00` document that are referred to more than once, decoded once.
///
/// Writers unique equal strings, so a repeated key or value is usually one object referred to
/// many times. Short ASCII strings fit in a `String` without allocating (there is no storage to
/// share) and are cheaper to decode than to look up; longer or UTF-16 ones are decoded on their
/// first visit and then taken from the cache (``BinaryPropertyListObjectCache``), so every copy
/// shares one storage. Used by every reader of binary documents (the tree materializer, the
/// engine's direct reader and its keyed-archive reader).
package struct BinaryPropertyListStringCache {
    @usableFromInline var cache = BinaryPropertyListObjectCache<String>()

    package init() {}

    /// The string `object` holds.
    ///
    /// - Parameters:
    ///   - object: An ASCII or UTF-16 string object of `scanner`'s document.
    ///   - scanner: The document.
    /// - Throws: What ``BinaryPropertyListScanner/string(_:)`` throws.
    // Inlinable: the keyed reader (another module) calls it for every string it reads.
    @inlinable @inline(__always)
    package mutating func string(_ object: BinaryPropertyListScanner.Object,
                                 in scanner: BinaryPropertyListScanner) throws(PropertyListError) -> String {
        if object.kind == .asciiString, object.count <= 15 { return try scanner.string(object) }
        return try cache.value(of: object.number, objectCount: scanner.objectCount) { () throws(PropertyListError) in
            try scanner.string(object)
        }
    }
}
