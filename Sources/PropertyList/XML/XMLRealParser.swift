/// Parses the text of a `<real>` element.
///
/// The grammar is checked here (so hexadecimal floats and other forms `strtod` would accept are
/// refused); values with at most 15 significant digits and a small exponent are converted exactly
/// with one floating-point operation (both operands are exact, so IEEE rounding gives the
/// correctly rounded result); anything else goes to the standard library's correctly rounded
/// conversion.
enum XMLRealParser {
    /// 10⁰ … 10²², every one exactly representable as a `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The value of `[+-]digits[.digits][(e|E)[+-]digits]` (digits on at least one side of the
    /// point), or of `nan`, `inf`, `infinity` in any case (the infinities optionally signed);
    /// `nil` for anything else. No white space is allowed.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        var index = 0
        guard count > 0 else { return nil }
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative || bytes[0] == UInt8(ascii: "+") { index = 1 }
        if index < count, bytes[index] | 0x20 >= UInt8(ascii: "a"), bytes[index] | 0x20 <= UInt8(ascii: "z") {
            return parseWord(bytes, from: index, negative: negative, signed: index == 1)
        }

        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        var truncated = false
        var sawDigit = false
        while index < count, let digit = digit(bytes[index]) {
            sawDigit = true
            if mantissa == 0, digit == 0 {
                // Leading zeros are not significant.
            } else if significantDigits < 19 {
                mantissa = mantissa * 10 + digit
                significantDigits += 1
            } else {
                decimalExponent += 1
                truncated = true
            }
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, let digit = digit(bytes[index]) {
                sawDigit = true
                if mantissa == 0, digit == 0 {
                    decimalExponent -= 1
                } else if significantDigits < 19 {
                    mantissa = mantissa * 10 + digit
                    significantDigits += 1
                    decimalExponent -= 1
                } else {
                    truncated = true
                }
                index += 1
            }
        }
        guard sawDigit else { return nil }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponent = 0
            var sawExponentDigit = false
            while index < count, let digit = digit(bytes[index]) {
                sawExponentDigit = true
                // Clamped: beyond this every value has overflowed or underflowed anyway.
                exponent = min(exponent * 10 + Int(digit), 100_000)
                index += 1
            }
            guard sawExponentDigit else { return nil }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        guard index == count else { return nil }

        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        if !truncated, significantDigits <= 15, decimalExponent >= -22, decimalExponent <= 22 {
            let magnitude = decimalExponent >= 0
                ? Double(mantissa) * powersOfTen[decimalExponent]
                : Double(mantissa) / powersOfTen[-decimalExponent]
            return negative ? -magnitude : magnitude
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    private static func digit(_ byte: UInt8) -> UInt64? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? UInt64(value) : nil
    }

    /// `nan`, `inf` or `infinity`, compared without regard to case.
    private static func parseWord(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, negative: Bool,
                                  signed: Bool) -> Double? {
        var word: [UInt8] = []
        for index in start..<bytes.count { word.append(bytes[index] | 0x20) }
        switch String(decoding: word, as: UTF8.self) {
        case "nan" where !signed:
            return .nan
        case "inf", "infinity":
            return negative ? -.infinity : .infinity
        default:
            return nil
        }
    }
}
