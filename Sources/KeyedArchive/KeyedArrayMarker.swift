/// The type-erased face of `Array` for shapes.
protocol KeyedArrayMarker {
    static var elementType: Any.Type { get }
    /// Calls `body` with each element of a boxed array of this type; `false` when it is not one.
    static func forEach(_ value: Any, _ body: (Any) throws -> Void) rethrows -> Bool
    /// An array of this type from `count` elements, or `nil` when one is not an `Element`.
    static func build(count: Int, _ element: (Int) throws -> Any) throws -> Any?
}

extension Array: KeyedArrayMarker {
    static var elementType: Any.Type { Element.self }
    static func forEach(_ value: Any, _ body: (Any) throws -> Void) rethrows -> Bool {
        guard let array = value as? [Element] else { return false }
        for element in array { try body(element) }
        return true
    }
    static func build(count: Int, _ element: (Int) throws -> Any) throws -> Any? {
        var result: [Element] = []
        result.reserveCapacity(count)
        for position in 0..<count {
            guard let typed = try element(position) as? Element else { return nil }
            result.append(typed)
        }
        return result
    }
}
