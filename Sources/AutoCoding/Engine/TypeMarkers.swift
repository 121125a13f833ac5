/// Conformances that let the engine take a generic container type apart at run time: given
/// `Any.Type`, a cast to one of these metatypes yields the element types as generic parameters.
protocol OptionalMarker {
    associatedtype Wrapped
    static func makeCoder(_ engine: AutoCodingEngine) throws -> any FieldCoding

    /// `nil`.
    static var none: Self { get }
    /// `.some(wrapped)`.
    init(some wrapped: Wrapped)
    /// Calls `body` with the wrapped value, returning whether there was one.
    ///
    /// (Coders generic over the optional type itself use these instead of `Wrapped?`, whose
    /// metadata generic code would otherwise look up at every call.)
    func ifSome(_ body: (Wrapped) throws -> Void) rethrows -> Bool
}

protocol ArrayMarker {
    associatedtype Element
    static func makeCoder(_ engine: AutoCodingEngine) throws -> any FieldCoding

    var count: Int { get }
    /// An array of `count` elements made by `element(index)` in order.
    init(count: Int, makingElements element: (Int) throws -> Element) rethrows
    /// Calls `body` with the memory of the elements (read-only use) and their stride.
    func withElementMemory<Result>(_ body: (InstanceMemory, Int) throws -> Result) rethrows -> Result
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
        OptionalCoder<Self>(wrapped: try engine.coder(for: Wrapped.self))
    }

    init(some wrapped: Wrapped) { self = .some(wrapped) }

    func ifSome(_ body: (Wrapped) throws -> Void) rethrows -> Bool {
        guard case .some(let wrapped) = self else { return false }
        try body(wrapped)
        return true
    }
}

extension Array: ArrayMarker {
    static func makeCoder(_ engine: AutoCodingEngine) throws -> any FieldCoding {
        ArrayCoder<Self>(element: try engine.coder(for: Element.self))
    }

    init(count: Int, makingElements element: (Int) throws -> Element) rethrows {
        guard count > 0 else {
            self.init()
            return
        }
        // Capacity grows with what is read, not with what a hostile count claims: counts up to
        // the bound are allocated at once, larger ones grow as elements are read.
        let bound = 1 << 16
        guard count > bound else {
            self = try InstanceMemory.array(count: count, element)
            return
        }
        self.init()
        reserveCapacity(bound)
        for index in 0..<count { append(try element(index)) }
    }

    func withElementMemory<Result>(_ body: (InstanceMemory, Int) throws -> Result) rethrows -> Result {
        try InstanceMemory.withElements(of: self, body)
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
