/// Conformances that let the engine take a generic container type apart at run time: given
/// `Any.Type`, a cast to one of these metatypes yields the element types as generic parameters.
protocol OptionalMarker {
    static func makeCoder(_ engine: AutoCodingEngine) throws -> any FieldCoding
}

protocol ArrayMarker {
    static func makeCoder(_ engine: AutoCodingEngine) throws -> any FieldCoding
}

protocol SetMarker {
    static func makeCoder(_ engine: AutoCodingEngine) throws -> any FieldCoding
}

protocol DictionaryMarker {
    /// A coder, or `nil` when the key type is neither `String` nor an integer.
    static func makeCoder(_ engine: AutoCodingEngine) throws -> (any FieldCoding)?
}

extension Optional: OptionalMarker {
    static func makeCoder(_ engine: AutoCodingEngine) throws -> any FieldCoding {
        OptionalCoder<Wrapped>(wrapped: try engine.coder(for: Wrapped.self))
    }
}

extension Array: ArrayMarker {
    static func makeCoder(_ engine: AutoCodingEngine) throws -> any FieldCoding {
        ArrayCoder<Element>(element: try engine.coder(for: Element.self))
    }
}

extension Set: SetMarker {
    static func makeCoder(_ engine: AutoCodingEngine) throws -> any FieldCoding {
        SetCoder<Element>(element: try engine.coder(for: Element.self))
    }
}

extension Dictionary: DictionaryMarker {
    static func makeCoder(_ engine: AutoCodingEngine) throws -> (any FieldCoding)? {
        if Key.self == String.self {
            return StringKeyedDictionaryCoder<Value>(element: try engine.coder(for: Value.self))
        }
        guard let integerKey = Key.self as? any FixedWidthInteger.Type else { return nil }
        return try integerKeyed(integerKey, engine)
    }

    private static func integerKeyed<K: FixedWidthInteger>(_ key: K.Type, _ engine: AutoCodingEngine) throws -> any FieldCoding {
        IntegerKeyedDictionaryCoder<K, Value>(element: try engine.coder(for: Value.self))
    }
}
