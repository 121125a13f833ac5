/// Values decoded from objects of one `bplist00` document that the document refers to more than
/// once: the one rule of sharing for the readers' string and data caches.
///
/// An object is decoded on its first visit and kept, so every visit of a shared one gets the same
/// value — decoded once, one storage, however many references. Values are found by object number
/// in a table of 4-byte positions (no hashing), allocated on the first visit.
@usableFromInline
struct BinaryPropertyListObjectCache<Value> {
    /// Per object: the position of its value in ``values`` + 1 (0: not decoded yet).
    @usableFromInline var positions: [UInt32] = []
    @usableFromInline var values: [Value] = []

    @usableFromInline init() {}

    /// The value of object `number` (below `objectCount`) of a document of `objectCount`
    /// objects, made by `decode` unless it is kept.
    @inlinable @inline(__always)
    mutating func value<Failure: Error>(of number: Int, objectCount: Int,
                                        _ decode: () throws(Failure) -> Value) throws(Failure) -> Value {
        if positions.isEmpty { positions = [UInt32](repeating: 0, count: objectCount) }
        let position = positions[number]
        if position != 0 { return values[Int(position) - 1] }
        let value = try decode()
        // Past 2^32 - 1 kept values (never, for documents this package reads) values are not kept.
        guard values.count < Int(UInt32.max) else { return value }
        values.append(value)
        positions[number] = UInt32(truncatingIfNeeded: values.count)
        return value
    }
}
