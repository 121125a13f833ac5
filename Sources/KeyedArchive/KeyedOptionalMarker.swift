/// The type-erased face of `Optional` for shapes.
protocol KeyedOptionalMarker {
    static var wrappedType: Any.Type { get }
    /// `nil` of this optional type, boxed.
    static var absent: Any { get }
    /// The wrapped value of a boxed optional of this type, or `nil` when it is `nil`.
    static func unwrap(_ value: Any) -> Any?
}

extension Optional: KeyedOptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
    static var absent: Any {
        let empty: Wrapped? = nil
        return empty as Any
    }
    static func unwrap(_ value: Any) -> Any? {
        guard let outer = value as? Wrapped?, let inner = outer else { return nil }
        return inner
    }
}
