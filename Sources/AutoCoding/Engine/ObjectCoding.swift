/// The type-erased face of an ``AutoCodableCoder``, for values whose type is known only at run
/// time (subclasses, values behind existentials).
package protocol ObjectCoding: FieldCoding {
    /// The plan of the coder's type.
    var plan: TypePlan { get }
    /// Writes `value` (an instance of the coder's type, boxed) with `record` as its type record.
    func encodeObject<W: ArchiveWriter & ~Copyable>(_ value: Any, record: String?, to writer: inout W,
                                                    _ context: EncodingContext) throws
    /// Reads the archived value `node`, whose header is `header`, as an instance of the coder's type.
    func decodeObject<R: ArchiveReader>(_ node: R.Node, _ header: ObjectHeader, from reader: inout R,
                                        _ context: DecodingContext) throws -> Any
    /// Reads the archived value `node` into `object`, an existing instance of the coder's type.
    func decodeObject<R: ArchiveReader>(_ node: R.Node, into object: AnyObject, from reader: inout R,
                                        _ context: DecodingContext) throws
}
