import PropertyList

/// `Array` as a property-list array.
final class ArrayCoder<Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> [Element] {
        let object = try reader.object(number)
        guard object.kind == .array else { throw BinaryArchiveReader.mismatch(expected: "array", found: object) }
        return try reader.nested { reader in
            var result: [Element] = []
            result.reserveCapacity(min(object.count, 1 << 16))
            for index in 0..<object.count {
                do {
                    result.append(try element.read(try reader.reference(object, at: index), from: &reader, state))
                } catch let error as AutoCodingError {
                    throw error.within(.index(index))
                }
            }
            return result
        }
    }

    func encode(_ value: [Element], _ state: EncodingState) throws -> PropertyListValue {
        var result: [PropertyListValue] = []
        result.reserveCapacity(value.count)
        var position = 0
        do {
            for item in value {
                result.append(try element.encode(item, state))
                position += 1
            }
        } catch let error as AutoCodingError {
            throw error.within(.index(position))
        }
        return .array(result)
    }

    func writeXML(_ value: [Element], to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.beginArray()
        var position = 0
        do {
            for item in value {
                try element.writeXML(item, to: &writer, state)
                position += 1
            }
        } catch let error as AutoCodingError {
            throw error.within(.index(position))
        }
        writer.end()
    }

    func write(_ value: [Element], to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        let start = writer.beginContainer()
        var position = 0
        do {
            for item in value {
                writer.append(try element.write(item, to: &writer, state))
                position += 1
            }
        } catch let error as AutoCodingError {
            throw error.within(.index(position))
        }
        return try writer.endArray(start)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> [Element] {
        guard case .array(let items) = plist else { throw AutoCodingError.mismatch(expected: "array", found: plist) }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        var position = 0
        do {
            for item in items {
                result.append(try element.decode(item, state))
                position += 1
            }
        } catch let error as AutoCodingError {
            throw error.within(.index(position))
        }
        return result
    }
}
