/// What a writer is told when an `AutoCodable` value begins: its plan, the type record to write
/// and, for a class, the instance (so formats that share objects can find it again).
package struct ObjectStart {
    /// The plan of the value's dynamic type. Unretained (every object written makes a start): the
    /// coder that makes one holds the plan throughout ``ArchiveWriter/beginObject(_:)``, and a
    /// writer that keeps the plan stores a strong reference of its own.
    package unowned(unsafe) let plan: TypePlan
    /// The name to record as the value's type (``ReservedKey/type``), or `nil` for none.
    package let typeRecord: String?
    /// The instance, for classes.
    package let object: AnyObject?

    /// The number of dictionary entries a plain format writes: the reserved keys and one per field.
    package var entryCount: Int {
        plan.fields.count + (typeRecord == nil ? 0 : 1) + (plan.version == 0 ? 0 : 1)
    }
}
