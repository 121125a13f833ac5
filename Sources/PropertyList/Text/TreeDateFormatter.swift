/// Spells a date, given as seconds since 2001-01-01T00:00:00Z, in ISO 8601 UTC for
/// ``PropertyListTreeFormatter``: `2024-02-29T12:30:05Z`, or `2024-02-29T12:30:05.25Z` when the
/// seconds are not whole (rounded to microseconds, trailing zeros dropped).
///
/// Done by hand rather than with `ISO8601DateFormatter`, which keeps only milliseconds and whose
/// output would tie the dump to Foundation's version. Dates outside years 1–9999 (and NaN or
/// infinity) have no four-digit ISO spelling and are shown as their seconds since 2001.
enum TreeDateFormatter {
    /// Seconds from 1970-01-01 to 2001-01-01.
    private static let referenceToUnix: Int64 = 978_307_200
    /// 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z in seconds since 2001.
    private static let earliest: Double = -63_113_904_000
    private static let pastLatest: Double = 252_423_993_600

    /// The ISO 8601 spelling of the date `seconds` after 2001-01-01T00:00:00Z.
    static func string(for seconds: Double) -> String {
        guard seconds.isFinite, seconds >= earliest, seconds < pastLatest else {
            return "\(CanonicalRealFormatter.string(seconds)) s since 2001-01-01T00:00:00Z"
        }
        let whole = seconds.rounded(.down)
        // Exact: subtracting the floor of a double loses no bits.
        var micros = Int64(((seconds - whole) * 1_000_000).rounded())
        var unixSeconds = Int64(whole) + referenceToUnix
        if micros == 1_000_000 {
            micros = 0
            unixSeconds += 1
        }
        let days = floorDivide(unixSeconds, 86_400)
        let secondOfDay = unixSeconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        text += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if micros > 0 {
            var fraction = pad(micros, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor < 0) ? quotient - 1 : quotient
    }

    /// Proleptic Gregorian year, month and day of the day `days` after 1970-01-01, counting in
    /// 400-year eras (146,097 days each) that start on March 1 so leap days fall at an era's end.
    private static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468  // days from 0000-03-01 to 1970-01-01
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
