import PropertyList

/// `Optional` of a supported type: `nil` leaves the key out of the enclosing dictionary.
///
/// Property lists have no null, so `nil` inside an array or as a dictionary value cannot be
/// archived and is reported as ``AutoCodingError/Kind/unrepresentable``.
final class OptionalCoder<Wrapped>: ValueCoding, @unchecked Sendable {
    // @unchecked: `wrapped` is immutable and itself Sendable.
    let wrapped: any ValueCoding<Wrapped>

    init(wrapped: any ValueCoding<Wrapped>) { self.wrapped = wrapped }

    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Wrapped? {
        try wrapped.read(number, from: &reader, state)
    }

    func isAbsent(_ value: Wrapped?) -> Bool { value == nil }

    func encode(_ value: Wrapped?, _ state: EncodingState) throws -> PropertyListValue {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        return try wrapped.encode(value, state)
    }

    func writeXML(_ value: Wrapped?, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        try wrapped.writeXML(value, to: &writer, state)
    }

    func write(_ value: Wrapped?, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        return try wrapped.write(value, to: &writer, state)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Wrapped? {
        try wrapped.decode(plist, state)
    }
}
