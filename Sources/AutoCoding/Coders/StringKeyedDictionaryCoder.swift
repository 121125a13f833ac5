import PropertyList

/// `[String: V]` as a property-list dictionary with keys in ascending order (reproducible archives).
final class StringKeyedDictionaryCoder<Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> [String: Element] {
        let object = try reader.object(number)
        guard object.kind == .dictionary else { throw BinaryArchiveReader.mismatch(expected: "dictionary", found: object) }
        return try reader.nested { reader in
            var result = [String: Element](minimumCapacity: min(object.count, 1 << 16))
            for index in 0..<object.count {
                let keyObject = try reader.object(try reader.reference(object, at: index))
                guard keyObject.kind == .asciiString || keyObject.kind == .utf16String else {
                    throw AutoCodingError(.corruptArchive, "a dictionary key is not a string")
                }
                let key = try reader.string(keyObject)
                do {
                    result[key] = try element.read(try reader.reference(object, at: object.count + index), from: &reader, state)
                } catch let error as AutoCodingError {
                    throw error.within(.key(key))
                }
            }
            return result
        }
    }

    func encode(_ value: [String: Element], _ state: EncodingState) throws -> PropertyListValue {
        var result = PropertyListDictionary(minimumCapacity: value.count)
        for key in value.keys.sorted() {
            guard let item = value[key] else { continue }
            do {
                result.updateValue(try element.encode(item, state), forKey: key)
            } catch let error as AutoCodingError {
                throw error.within(.key(key))
            }
        }
        return .dictionary(result)
    }

    func writeXML(_ value: [String: Element], to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        writer.beginDictionary()
        for key in value.keys.sorted() {
            guard let item = value[key] else { continue }
            do {
                try writer.key(key)
                try element.writeXML(item, to: &writer, state)
            } catch let error as AutoCodingError {
                throw error.within(.key(key))
            }
        }
        writer.end()
    }

    func write(_ value: [String: Element], to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        let start = writer.beginContainer()
        for key in value.keys.sorted() {
            guard let item = value[key] else { continue }
            do {
                let object = try element.write(item, to: &writer, state)
                writer.appendEntry(key: try writer.string(key), value: object)
            } catch let error as AutoCodingError {
                throw error.within(.key(key))
            }
        }
        return try writer.endDictionary(start)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> [String: Element] {
        guard case .dictionary(let entries) = plist else { throw AutoCodingError.mismatch(expected: "dictionary", found: plist) }
        var result = [String: Element](minimumCapacity: entries.count)
        for (key, item) in entries {
            do {
                result[key] = try element.decode(item, state)
            } catch let error as AutoCodingError {
                throw error.within(.key(key))
            }
        }
        return result
    }
}
