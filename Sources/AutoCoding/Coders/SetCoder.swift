import PropertyList

/// `Set` as a property-list array, sorted in ``CanonicalOrder`` so archives are reproducible.
final class SetCoder<Element: Hashable>: ValueCoding, @unchecked Sendable {
    // @unchecked: `element` is immutable and itself Sendable.
    let element: any ValueCoding<Element>

    init(element: any ValueCoding<Element>) { self.element = element }

    func encode(_ value: Set<Element>, _ state: EncodingState) throws -> PropertyListValue {
        var result: [PropertyListValue] = []
        result.reserveCapacity(value.count)
        for item in value { result.append(try element.encode(item, state)) }
        result.sort(by: CanonicalOrder.precedes)
        return .array(result)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Set<Element> {
        guard case .array(let items) = plist else { throw AutoCodingError.mismatch(expected: "array", found: plist) }
        var result = Set<Element>(minimumCapacity: items.count)
        for (position, item) in items.enumerated() {
            do {
                result.insert(try element.decode(item, state))
            } catch let error as AutoCodingError {
                throw error.within(.index(position))
            }
        }
        return result
    }
}
