/// The validator's state bits, one byte per object of the document, in memory only the
/// validator uses.
///
/// A class owning a plain allocation, not an array stored in the validator: the validator sets a
/// bit for most objects it meets, and every write into an array held by a struct first asks the
/// runtime whether the array's storage is shared — a call per object, some 3% of a keyed decode's
/// validation. Indexes are object numbers, which the scanner has checked to be below its
/// `objectCount`, the count allocated here.
final class BinaryPropertyListValidatorFlags {
    /// The bits of object `number` are `bits[number]`.
    let bits: UnsafeMutablePointer<UInt8>

    /// Cleared bits for `count` objects.
    init(count: Int) {
        let capacity = max(count, 1)
        bits = .allocate(capacity: capacity)
        bits.initialize(repeating: 0, count: capacity)
    }

    deinit {
        bits.deallocate()
    }
}
