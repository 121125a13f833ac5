import Foundation

/// A date as an XML `<date>` spells it: proleptic Gregorian fields in whole seconds (rounded
/// toward the past), the element's text, and the exact decimal digits of the rest of the second,
/// its `fraction` attribute.
///
/// The digits come from the shortest decimal that reads back as the same `Double` (Swift's
/// `description`), split at the point by exact decimal arithmetic rather than floating-point
/// subtraction. Before the reference date the whole second is the one below and the fraction its
/// ten's complement: −0.25 s is `<date fraction="0.75">2000-12-31T23:59:59Z</date>`, which other
/// readers, ignoring the attribute, read as the whole second below. Reading adds the two back in
/// decimal and rounds once, so every date that can be spelled reads back bit for bit (except `-0.0`,
/// which is the same instant as `0.0` and reads back as `0.0`). A non-integral `Double` has a
/// rounding interval narrower than a second that holds no integer, so the shortest decimal has
/// the same whole second and the fewest fraction digits of any decimal that reads back.
package struct XMLDateFields: Sendable, Hashable {
    /// The years a `<date>` spells: at most nine digits, which also fit the 32-bit year that
    /// CoreFoundation's XML reader parses into. About ±3.2 × 10¹⁶ seconds around 2001.
    package static let years: ClosedRange<Int64> = -999_999_999...999_999_999

    /// The first second of the earliest year and of the year after the latest, in seconds since
    /// 2001-01-01T00:00:00Z.
    package static let earliestSecond = GregorianDate.dayNumber(year: years.lowerBound, month: 1, day: 1) * 86_400
    package static let secondLimit = GregorianDate.dayNumber(year: years.upperBound + 1, month: 1, day: 1) * 86_400

    /// The calendar fields of the whole second.
    package var calendar: GregorianDate
    /// ASCII digits after the decimal point, without trailing zeros; empty for a whole second.
    package var fraction: [UInt8]

    /// Creates fields from parts the caller has validated.
    package init(calendar: GregorianDate, fraction: [UInt8] = []) {
        self.calendar = calendar
        self.fraction = fraction
    }

    /// Breaks `date` down, or returns `nil` when it is NaN, infinite or outside ``years``.
    ///
    /// - Parameter date: Any date.
    package init?(_ date: Date) {
        let seconds = date.timeIntervalSinceReferenceDate
        let whole = seconds.rounded(.down)
        // The first test also refuses NaN and the infinities; past it `Int64(whole)` cannot trap.
        guard whole.magnitude < 0x1p62 else { return nil }
        let wholeSeconds = Int64(whole)
        guard wholeSeconds >= Self.earliestSecond, wholeSeconds < Self.secondLimit else { return nil }
        self.calendar = GregorianDate(secondsSinceReferenceDate: wholeSeconds)
        self.fraction = whole == seconds ? [] : Self.fractionDigits(of: seconds)
    }

    /// The seconds since 2001-01-01T00:00:00Z these fields stand for, correctly rounded.
    package var secondsSinceReferenceDate: Double {
        fraction.withUnsafeBufferPointer { Self.seconds(whole: calendar.secondsSinceReferenceDate, fraction: $0) }
    }

    /// `whole` plus the decimal fraction `0.fraction`, added exactly and rounded once to a `Double`.
    ///
    /// - Parameters:
    ///   - whole: Whole seconds since the reference date, within ``earliestSecond`` ..< ``secondLimit``.
    ///   - fraction: ASCII digits after the point, any number (trailing zeros allowed).
    /// - Returns: The nearest `Double`.
    package static func seconds(whole: Int64, fraction: UnsafeBufferPointer<UInt8>) -> Double {
        var significant = fraction.count
        while significant > 0, fraction[significant - 1] == UInt8(ascii: "0") { significant -= 1 }
        guard significant > 0 else { return Double(whole) }
        // whole + 0.f in decimal: below zero that is −((−whole − 1) + (1 − 0.f)).
        var text: [UInt8] = []
        text.reserveCapacity(21 + significant)
        if whole >= 0 {
            text.append(contentsOf: String(whole).utf8)
        } else {
            text.append(UInt8(ascii: "-"))
            text.append(contentsOf: String(-(whole + 1)).utf8)
        }
        text.append(UInt8(ascii: "."))
        text.append(contentsOf: UnsafeBufferPointer(rebasing: fraction[..<significant]))
        if whole < 0 { complement(&text, fractionDigits: significant) }
        // The text is `-?digits.digits`, which the real parser always accepts.
        return text.withUnsafeBufferPointer { XMLRealParser.parse($0) } ?? Double(whole)
    }

    /// The digits after the point of the shortest decimal spelling of `seconds`, complemented
    /// below zero; `seconds` must be finite and not whole.
    private static func fractionDigits(of seconds: Double) -> [UInt8] {
        // `description` is `d.ddd`, `ddd.d` or `d.ddde±x` (e.g. `1e-06`): the shortest round trip.
        var digits: [UInt8] = []
        var pointIndex: Int?
        var exponent = 0
        var inExponent = false
        var exponentNegative = false
        for byte in seconds.magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else {
                    digits.append(byte)
                }
            case UInt8(ascii: "."): pointIndex = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentNegative = true
            default: break
            }
        }
        // Where the decimal point falls among `digits` (negative: that many zeros precede them).
        let point = (pointIndex ?? digits.count) + (exponentNegative ? -exponent : exponent)
        var fraction: [UInt8] = []
        if point < 0 { fraction.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -point)) }
        if point < digits.count { fraction.append(contentsOf: digits[max(point, 0)...]) }
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        if seconds < 0 { complement(&fraction, fractionDigits: fraction.count) }
        return fraction
    }

    /// Replaces the last `count` digits of `text`, 0.d₁…dₙ with dₙ ≠ 0, by those of 1 − 0.d₁…dₙ:
    /// nines' complements and a ten's complement of the last digit, which never carries.
    private static func complement(_ text: inout [UInt8], fractionDigits count: Int) {
        guard count > 0 else { return }
        let last = text.count - 1
        for index in text.count - count..<last {
            text[index] = UInt8(ascii: "9") - (text[index] - UInt8(ascii: "0"))
        }
        text[last] = UInt8(ascii: "0") + 10 - (text[last] - UInt8(ascii: "0"))
    }
}
