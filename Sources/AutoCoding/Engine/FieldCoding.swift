import PropertyList

/// The type-erased face of a coder that plans use for stored properties.
protocol FieldCoding: AnyObject, Sendable {
    /// The coded type.
    var valueType: Any.Type { get }
    /// Encodes the field at `offset`, or returns `nil` when it is left out (a `nil` optional).
    func encodeField(in memory: InstanceMemory, at offset: Int, _ state: EncodingState) throws -> PropertyListValue?
    /// Writes the field at `offset` into a binary archive, or returns `nil` when it is left out.
    func writeField(in memory: InstanceMemory, at offset: Int, to writer: inout BinaryArchiveWriter,
                    _ state: EncodingState) throws -> UInt32?
    /// Writes the key and the field at `offset` into an XML archive, or nothing when it is left out.
    func writeXMLField(in memory: InstanceMemory, at offset: Int, key: String, to writer: inout XMLArchiveWriter,
                       _ state: EncodingState) throws
    /// Writes a value given as `Any` (the `Mirror` path) into a binary archive.
    func writeAny(_ value: Any, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32?
    /// Reads object `number` of a binary archive into the field at `offset`; nothing is written on error.
    func readField(_ number: Int, from reader: inout BinaryArchiveReader, into memory: InstanceMemory, at offset: Int,
                   _ state: DecodingState) throws
    /// Decodes `plist` and stores it in the field at `offset`; nothing is written on error.
    func decodeField(_ plist: PropertyListValue, into memory: InstanceMemory, at offset: Int, _ state: DecodingState) throws
    /// Encodes a value given as `Any` (the `Mirror` path), or returns `nil` when it is left out.
    func encodeAny(_ value: Any, _ state: EncodingState) throws -> PropertyListValue?
    /// `MemoryLayout` size of the coded type.
    var valueSize: Int { get }
    /// `MemoryLayout` alignment of the coded type.
    var valueAlignment: Int { get }
    /// Whether `value` (as `Mirror` reports it) is of the coded type.
    func valueAccepts(_ value: Any) -> Bool
    /// Whether the field at `offset` holds the same archive as `mirrorValue` (plan verification).
    func fieldAgrees(with mirrorValue: Any, in memory: InstanceMemory, at offset: Int) -> Bool
    /// The field at `offset`, boxed (for formats outside this module, through ``AutoCodingReflection``).
    func readBoxedField(in memory: InstanceMemory, at offset: Int) -> Any
    /// Stores `value` in the field at `offset` when it is of the coded type; returns `false`
    /// (writing nothing) otherwise.
    func writeBoxedField(_ value: Any, in memory: InstanceMemory, at offset: Int) -> Bool
}
