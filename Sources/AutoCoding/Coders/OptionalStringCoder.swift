import PropertyList

/// `String?`, the most common optional, without the generic wrapper.
final class OptionalStringCoder: ValueCoding {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> String? {
        let object = try reader.object(number)
        guard object.kind == .asciiString || object.kind == .utf16String else {
            throw BinaryArchiveReader.mismatch(expected: "string", found: object)
        }
        return try reader.string(object)
    }

    func isAbsent(_ value: String?) -> Bool { value == nil }

    func encode(_ value: String?, _ state: EncodingState) throws -> PropertyListValue {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        return .string(value)
    }

    func writeXML(_ value: String?, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        try writer.string(value)
    }

    func write(_ value: String?, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        guard let value else {
            throw AutoCodingError(.unrepresentable, "nil cannot be archived inside a collection (property lists have no null)")
        }
        return try writer.string(value)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> String? {
        guard case .string(let value) = plist else { throw AutoCodingError.mismatch(expected: "string", found: plist) }
        return value
    }
}
