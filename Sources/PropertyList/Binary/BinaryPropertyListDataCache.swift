import Foundation

/// The data objects of one `bplist00` document that are referred to more than once, copied out once.
///
/// Writers unique equal data, so a file of a few kilobytes can refer to one large blob from
/// thousands of places; copying it at every reference would take memory out of proportion to the
/// file. Small blobs are cheaper to copy than to look up; larger ones are copied on their first
/// visit and then taken from the cache (``BinaryPropertyListObjectCache``), so every `Data` of one
/// blob shares one buffer.
package struct BinaryPropertyListDataCache {
    /// Blobs up to this size are copied at every reference.
    private static var copiedSize: Int { 64 }
    private var cache = BinaryPropertyListObjectCache<Data>()

    package init() {}

    /// The bytes `object` holds.
    ///
    /// - Parameters:
    ///   - object: A data object of `scanner`'s document.
    ///   - scanner: The document.
    @inline(__always)
    package mutating func data(_ object: BinaryPropertyListScanner.Object, in scanner: BinaryPropertyListScanner) -> Data {
        if object.count <= Self.copiedSize { return scanner.data(object) }
        return cache.value(of: object.number, objectCount: scanner.objectCount) { scanner.data(object) }
    }
}
