/// Spells a `Double` exactly as Python's `repr(float)` does, so canonical JSON from any tool that
/// uses Python's rules compares byte for byte.
///
/// Both Swift's `description` and Python's `repr` produce the shortest digit string that reads
/// back to the same double (choosing the closest such string); they differ only in layout. Python
/// switches to exponent form when the decimal exponent is below -4 or at least 16, always writes a
/// signed exponent of at least two digits, and gives fixed-form numbers a fractional part
/// (`1000000000000000.0`, `0.0001`, `1e-05`, `1e+16`, `5e-324`). So the digits are taken from
/// Swift and laid out by Python's rules.
package enum CanonicalRealFormatter {
    /// The Python `repr` spelling of `value`: `nan`, `inf`, `-inf`, or a shortest round-trip
    /// decimal.
    package static func string(_ value: Double) -> String {
        var buffer = ByteBuffer(initialCapacity: 32)
        append(value, to: &buffer)
        return buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the Python `repr` spelling of `value` to `buffer`.
    package static func append(_ value: Double, to buffer: inout ByteBuffer) {
        if value.isNaN {
            buffer.append("nan")
            return
        }
        if value.isInfinite {
            buffer.append(value < 0 ? "-inf" : "inf")
            return
        }
        var text = value.description
        text.withUTF8 { utf8 in
            // At most 17 significant digits; 32 leaves room for any layout Swift might choose.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digits in
                layOut(swiftDescription: utf8, digits: digits, into: &buffer)
            }
        }
    }

    /// Extracts sign, significant digits and decimal exponent from Swift's spelling (`-1.5e-07`,
    /// `123.25`, `0.001`) and writes them in Python's layout.
    private static func layOut(swiftDescription utf8: UnsafeBufferPointer<UInt8>,
                               digits: UnsafeMutableBufferPointer<UInt8>,
                               into buffer: inout ByteBuffer) {
        var negative = false
        var digitCount = 0
        var pointPosition: Int?
        var inExponent = false
        var exponentNegative = false
        var exponent = 0
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                if inExponent { exponentNegative = true } else { negative = true }
            case UInt8(ascii: "+"):
                break
            case UInt8(ascii: "."):
                pointPosition = digitCount
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                inExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte &- UInt8(ascii: "0")
                if inExponent {
                    // Swift's exponents have at most three digits; the cap keeps this total.
                    if exponent < 100_000 { exponent = exponent &* 10 &+ Int(digit) }
                } else if digitCount < digits.count {
                    digits[digitCount] = digit
                    digitCount += 1
                }
            default:
                break
            }
        }
        if exponentNegative { exponent = -exponent }
        // value = 0.d1d2…dn × 10^decimalPoint once leading and trailing zeros are dropped.
        var decimalPoint = (pointPosition ?? digitCount) + exponent
        var first = 0
        while first < digitCount && digits[first] == 0 {
            first += 1
            decimalPoint -= 1
        }
        var last = digitCount
        while last > first && digits[last - 1] == 0 { last -= 1 }

        if negative { buffer.append(UInt8(ascii: "-")) }
        guard last > first else {
            buffer.append("0.0")
            return
        }
        let significant = UnsafeBufferPointer(rebasing: digits[first..<last])
        let count = significant.count
        func digit(_ index: Int) -> UInt8 { UInt8(ascii: "0") &+ significant[index] }

        if decimalPoint < -3 || decimalPoint > 16 {
            buffer.append(digit(0))
            if count > 1 {
                buffer.append(UInt8(ascii: "."))
                for index in 1..<count { buffer.append(digit(index)) }
            }
            let scientific = decimalPoint - 1
            buffer.append(UInt8(ascii: "e"))
            buffer.append(UInt8(ascii: scientific < 0 ? "-" : "+"))
            let magnitude = scientific.magnitude
            if magnitude < 10 { buffer.append(UInt8(ascii: "0")) }
            appendDecimal(UInt64(magnitude), to: &buffer)
        } else if decimalPoint <= 0 {
            buffer.append("0.")
            for _ in 0..<(-decimalPoint) { buffer.append(UInt8(ascii: "0")) }
            for index in 0..<count { buffer.append(digit(index)) }
        } else if decimalPoint >= count {
            for index in 0..<count { buffer.append(digit(index)) }
            for _ in 0..<(decimalPoint - count) { buffer.append(UInt8(ascii: "0")) }
            buffer.append(".0")
        } else {
            for index in 0..<decimalPoint { buffer.append(digit(index)) }
            buffer.append(UInt8(ascii: "."))
            for index in decimalPoint..<count { buffer.append(digit(index)) }
        }
    }

    /// Appends the decimal digits of `value`.
    package static func appendDecimal(_ value: UInt64, to buffer: inout ByteBuffer) {
        if value < 10 {
            buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var remaining = value
        var length = 0
        var probe = value
        while probe > 0 {
            length += 1
            probe /= 10
        }
        buffer.appendUnsafe(length: length) { out in
            var index = length - 1
            while index >= 0 {
                out[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
                index -= 1
            }
        }
    }
}
