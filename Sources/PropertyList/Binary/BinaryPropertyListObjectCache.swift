/// Values decoded from objects of one `bplist00` document that the document refers to more than
/// once: the one rule of sharing for the readers' string and data caches.
///
/// An object is decoded on its first two visits and kept from the second on, so objects referred
/// to once (most of them) cost no cache entry, and every later visit of a shared one gets the same
/// value — one storage, however many references.
struct BinaryPropertyListObjectCache<Value> {
    /// Per object: visited before.
    private var seen: [Bool] = []
    private var values: [Int: Value] = [:]

    /// The value of object `number` of a document of `objectCount` objects, made by `decode` unless
    /// it is kept.
    @inline(__always)
    mutating func value<Failure: Error>(of number: Int, objectCount: Int,
                                        _ decode: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let value = values[number] { return value }
        let value = try decode()
        if seen.isEmpty { seen = [Bool](repeating: false, count: objectCount) }
        if seen[number] {
            values[number] = value
        } else {
            seen[number] = true
        }
        return value
    }
}
