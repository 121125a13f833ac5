import PropertyList

/// `[K: V]` with an integer key type as a property-list dictionary whose keys are the decimal
/// spellings of the integers (`"-3"`, `"42"`), in ascending numeric order.
final class IntegerKeyedDictionaryCoder<Key: FixedWidthInteger, Element>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    func encode(_ value: [Key: Element], _ state: EncodingState) throws -> PropertyListValue {
        var result = PropertyListDictionary(minimumCapacity: value.count)
        for key in value.keys.sorted() {
            guard let item = value[key] else { continue }
            let text = String(key)
            do {
                result.updateValue(try element.encode(item, state), forKey: text)
            } catch let error as AutoCodingError {
                throw error.within(.key(text))
            }
        }
        return .dictionary(result)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> [Key: Element] {
        guard case .dictionary(let entries) = plist else { throw AutoCodingError.mismatch(expected: "dictionary", found: plist) }
        var result = [Key: Element](minimumCapacity: entries.count)
        for (text, item) in entries {
            guard let key = Key(text, radix: 10) else {
                throw AutoCodingError(.invalidValue, "key \"\(text)\" is not a \(Key.self)",
                                      expected: "\(Key.self) key", found: "\"\(text)\"")
            }
            do {
                result[key] = try element.decode(item, state)
            } catch let error as AutoCodingError {
                throw error.within(.key(text))
            }
        }
        return result
    }
}
