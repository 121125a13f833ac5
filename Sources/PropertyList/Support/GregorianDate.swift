/// A UTC instant broken into proleptic Gregorian calendar fields, with whole seconds.
///
/// XML property lists spell dates as `YYYY-MM-DDTHH:MM:SSZ` (``XMLDateFields`` adds other years
/// and fractions of a second). `Calendar` and `DateFormatter` are far too slow for a codec (and
/// depend on time-zone data), so the conversion is plain day arithmetic: the Gregorian calendar
/// repeats every 400 years (146,097 days), and counting the year from March 1 puts the leap day at
/// the end of the year, which makes the day-of-year of a month a linear formula.
package struct GregorianDate: Sendable, Hashable, CustomStringConvertible {
    /// The year; 1 is 1 CE, 0 is 1 BCE (ISO 8601 numbering).
    package var year: Int64
    /// The month, 1...12.
    package var month: Int
    /// The day of the month, 1...31.
    package var day: Int
    /// The hour, 0...23.
    package var hour: Int
    /// The minute, 0...59.
    package var minute: Int
    /// The second, 0...59.
    package var second: Int

    /// Days from 0000-03-01 to 2001-01-01, the reference date of `Date`.
    private static let referenceDayNumber: Int64 = 730_791

    /// Creates a date from fields the caller has validated (see ``isValid``).
    package init(year: Int64, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Breaks down a count of whole seconds since 2001-01-01T00:00:00Z.
    ///
    /// - Parameter seconds: Seconds since the reference date; any `Int64` is accepted.
    package init(secondsSinceReferenceDate seconds: Int64) {
        // Floor division keeps times before the reference date on the right day.
        let (days, secondOfDay) = Self.floorDivide(seconds, by: 86_400)
        let dayNumber = days + Self.referenceDayNumber
        let (era, dayOfEra) = Self.floorDivide(dayNumber, by: 146_097)
        // Year of era, correcting for the leap days of the 4-, 100- and 400-year cycles.
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153 // 0 is March
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        // `era * 400` cannot overflow: |era| <= Int64.max / (86_400 * 146_097).
        self.year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
        self.month = Int(month)
        self.day = Int(day)
        self.hour = Int(secondOfDay / 3_600)
        self.minute = Int(secondOfDay % 3_600 / 60)
        self.second = Int(secondOfDay % 60)
    }

    /// Whether every field is in range, including the day for the month and year.
    package var isValid: Bool {
        guard (1...12).contains(month), hour >= 0, hour < 24, minute >= 0, minute < 60,
              second >= 0, second < 60 else { return false }
        return day >= 1 && day <= Self.daysInMonth(month, year: year)
    }

    /// Whole seconds since 2001-01-01T00:00:00Z; the fields must be valid and the year within
    /// ±10¹⁰ so the arithmetic cannot overflow.
    package var secondsSinceReferenceDate: Int64 {
        Self.dayNumber(year: year, month: month, day: day) * 86_400
            + Int64(hour * 3_600 + minute * 60 + second)
    }

    /// Days from 2001-01-01 to the given date (negative before it).
    package static func dayNumber(year: Int64, month: Int, day: Int) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let (era, yearOfEra) = floorDivide(marchYear, by: 400)
        let shiftedMonth = Int64(month <= 2 ? month + 9 : month - 3)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - referenceDayNumber
    }

    /// Whether `year` has a February 29.
    package static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1...12) of `year`.
    package static func daysInMonth(_ month: Int, year: Int64) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for years 0...9999.
    package var description: String {
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(Int64(month), 2))-\(pad(Int64(day), 2))T"
            + "\(pad(Int64(hour), 2)):\(pad(Int64(minute), 2)):\(pad(Int64(second), 2))Z"
    }

    private static func floorDivide(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
