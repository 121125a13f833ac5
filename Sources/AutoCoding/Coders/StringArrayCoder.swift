import PropertyList

/// `[String]`, common enough (tags, lines of text) to skip the generic element path.
final class StringArrayCoder: ValueCoding {
    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> [String] {
        let object = try reader.object(number)
        guard object.kind == .array else { throw BinaryArchiveReader.mismatch(expected: "array", found: object) }
        var result: [String] = []
        result.reserveCapacity(min(object.count, 1 << 16))
        for index in 0..<object.count {
            let item = try reader.object(try reader.reference(object, at: index))
            guard item.kind == .asciiString || item.kind == .utf16String else {
                throw BinaryArchiveReader.mismatch(expected: "string", found: item).within(.index(index))
            }
            result.append(try reader.string(item))
        }
        return result
    }

    func encode(_ value: [String], _ state: EncodingState) throws -> PropertyListValue {
        .array(value.map { .string($0) })
    }

    func writeXML(_ value: [String], to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.beginArray()
        for (position, item) in value.enumerated() {
            do {
                try writer.string(item)
            } catch let error as AutoCodingError {
                throw error.within(.index(position))
            }
        }
        writer.end()
    }

    func write(_ value: [String], to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        let start = writer.beginContainer()
        for item in value { writer.append(try writer.string(item)) }
        return try writer.endArray(start)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> [String] {
        guard case .array(let items) = plist else { throw AutoCodingError.mismatch(expected: "array", found: plist) }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw AutoCodingError.mismatch(expected: "string", found: item).within(.index(position))
            }
            result.append(text)
        }
        return result
    }
}
