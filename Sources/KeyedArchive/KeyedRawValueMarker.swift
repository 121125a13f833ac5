/// The type-erased face of a `RawRepresentable` enum for shapes.
protocol KeyedRawValueMarker {
    static var rawType: Any.Type { get }
    static func raw(of value: Any) -> Any?
    static func make(raw: Any) -> Any?
}

/// Gives any `RawRepresentable` type the marker through a generic box (conformance cannot be
/// added to a protocol's existential).
enum RawValueBox<R: RawRepresentable>: KeyedRawValueMarker {
    static var rawType: Any.Type { R.RawValue.self }
    static func raw(of value: Any) -> Any? { (value as? R)?.rawValue }
    static func make(raw: Any) -> Any? { (raw as? R.RawValue).flatMap(R.init(rawValue:)) }
}
