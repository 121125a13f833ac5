/// The type-erased face of `Dictionary` for shapes.
protocol KeyedDictionaryMarker {
    static var keyType: Any.Type { get }
    static var valueType: Any.Type { get }
    /// Calls `body` with each entry of a boxed dictionary of this type, keys sorted so archives
    /// are deterministic; `false` when it is not one or its keys are not strings.
    static func forEach(_ value: Any, _ body: (String, Any) throws -> Void) rethrows -> Bool
    static func build(count: Int, _ entry: (Int) throws -> (String, Any)) throws -> Any?
}

extension Dictionary: KeyedDictionaryMarker {
    static var keyType: Any.Type { Key.self }
    static var valueType: Any.Type { Value.self }
    static func forEach(_ value: Any, _ body: (String, Any) throws -> Void) rethrows -> Bool {
        guard let dictionary = value as? [String: Value] else { return false }
        for key in dictionary.keys.sorted() {
            if let element = dictionary[key] { try body(key, element) }
        }
        return true
    }
    static func build(count: Int, _ entry: (Int) throws -> (String, Any)) throws -> Any? {
        var result: [Key: Value] = [:]
        result.reserveCapacity(count)
        for position in 0..<count {
            let (key, value) = try entry(position)
            guard let typedKey = key as? Key, let typedValue = value as? Value else { return nil }
            result[typedKey] = typedValue
        }
        return result
    }
}
