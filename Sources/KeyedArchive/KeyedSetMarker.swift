/// The type-erased face of `Set` for shapes.
protocol KeyedSetMarker {
    static var elementType: Any.Type { get }
    static func forEach(_ value: Any, _ body: (Any) throws -> Void) rethrows -> Bool
    static func build(count: Int, _ element: (Int) throws -> Any) throws -> Any?
}

extension Set: KeyedSetMarker {
    static var elementType: Any.Type { Element.self }
    static func forEach(_ value: Any, _ body: (Any) throws -> Void) rethrows -> Bool {
        guard let set = value as? Set<Element> else { return false }
        for element in set { try body(element) }
        return true
    }
    static func build(count: Int, _ element: (Int) throws -> Any) throws -> Any? {
        var result = Set<Element>(minimumCapacity: count)
        for position in 0..<count {
            guard let typed = try element(position) as? Element else { return nil }
            result.insert(typed)
        }
        return result
    }
}
