import PropertyList

/// The type-erased face of an ``AutoCodableCoder``, for values whose type is only known at run
/// time (registered subclasses and existentials).
protocol ObjectCoding: AnyObject, Sendable {
    /// The verified plan of the coder's type.
    var plan: TypePlan { get }
    /// Archives `value` (an instance of the coder's type, boxed) with `typeTag` under `$type`.
    func encodeBoxed(_ value: Any, typeTag: String, _ state: EncodingState) throws -> PropertyListValue
    /// Writes `value` (boxed) into a binary archive with `typeTag` under `$type`.
    func writeBoxed(_ value: Any, typeTag: String, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32
    /// Writes `value` (boxed) into an XML archive with `typeTag` under `$type`.
    func writeXMLBoxed(_ value: Any, typeTag: String, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws
    /// Creates an instance of the coder's type from dictionary object `number` of a binary archive.
    func readBoxed(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Any
    /// Creates an instance of the coder's type from its archived dictionary.
    func decodeBoxed(_ entries: PropertyListDictionary, _ state: DecodingState) throws -> Any
}
