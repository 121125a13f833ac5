import PropertyList

extension PropertyListInteger {
    /// The integer as a `Double`, for a real property that an archive stores as an integer (as
    /// Foundation and `plistlib` may write `2.0`): every format's reader follows this one rule.
    ///
    /// - Throws: ``AutoCodingError/Kind/integerOutOfRange`` when no `Double` equals it exactly.
    @inline(__always)
    func exactDouble() throws -> Double {
        if let signed = int64Value, let value = Double(exactly: signed) { return value }
        if let unsigned = uint64Value, let value = Double(exactly: unsigned) { return value }
        throw AutoCodingError(.integerOutOfRange, "\(self) has no exact Double", expected: "Double", found: "\(self)")
    }

    /// The integer as a `Float`, by the same rule as ``exactDouble()``.
    @inline(__always)
    func exactFloat() throws -> Float {
        if let signed = int64Value, let value = Float(exactly: signed) { return value }
        if let unsigned = uint64Value, let value = Float(exactly: unsigned) { return value }
        throw AutoCodingError(.integerOutOfRange, "\(self) has no exact Float", expected: "Float", found: "\(self)")
    }
}
