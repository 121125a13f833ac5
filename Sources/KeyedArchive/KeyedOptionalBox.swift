/// Unwraps an optional hidden in `Any` whatever its wrapped type.
protocol KeyedOptionalBox {
    var unwrapped: Any? { get }
}

extension Optional: KeyedOptionalBox {
    var unwrapped: Any? { self.map { $0 as Any } }
}
