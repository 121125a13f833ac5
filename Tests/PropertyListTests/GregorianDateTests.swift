import Foundation
import PropertyList
import Testing

@Suite struct GregorianDateTests {
    private let formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()

    @Test func referenceDateIsDayZero() {
        #expect(GregorianDate.dayNumber(year: 2001, month: 1, day: 1) == 0)
        #expect(GregorianDate.dayNumber(year: 1970, month: 1, day: 1) == -11_323)
        #expect(GregorianDate(secondsSinceReferenceDate: 0).description == "2001-01-01T00:00:00Z")
        #expect(GregorianDate(secondsSinceReferenceDate: -1).description == "2000-12-31T23:59:59Z")
    }

    @Test func agreesWithISO8601DateFormatterOnRandomInstants() throws {
        var generator = SystemRandomNumberGenerator()
        // Years 1589 to 9999: before the 1582 reform the formatter switches to the Julian calendar,
        // while property lists use the proleptic Gregorian calendar throughout.
        let range: ClosedRange<Int64> = -13_000_000_000...252_423_993_599
        for _ in 0..<5_000 {
            let seconds = Int64.random(in: range, using: &generator)
            let fields = GregorianDate(secondsSinceReferenceDate: seconds)
            let date = Date(timeIntervalSinceReferenceDate: Double(seconds))
            #expect(fields.description == formatter.string(from: date), "\(seconds)")
            #expect(fields.isValid)
            #expect(fields.secondsSinceReferenceDate == seconds)
            let parsed = try #require(formatter.date(from: fields.description))
            #expect(parsed.timeIntervalSinceReferenceDate == Double(seconds))
        }
    }

    @Test func everyDayOfFourHundredYearsRoundTrips() {
        var previous = GregorianDate.dayNumber(year: 1999, month: 12, day: 31)
        for year in Int64(2000)...2400 {
            for month in 1...12 {
                for day in 1...GregorianDate.daysInMonth(month, year: year) {
                    let number = GregorianDate.dayNumber(year: year, month: month, day: day)
                    #expect(number == previous + 1)
                    previous = number
                }
            }
        }
        #expect(previous - GregorianDate.dayNumber(year: 2000, month: 1, day: 1) + 1 == 146_097 + 366)
    }

    @Test func leapYearsFollowTheGregorianRules() {
        #expect(GregorianDate.isLeapYear(2000))
        #expect(GregorianDate.isLeapYear(2024))
        #expect(!GregorianDate.isLeapYear(1900))
        #expect(!GregorianDate.isLeapYear(2023))
        #expect(GregorianDate.isLeapYear(0))
        #expect(GregorianDate.isLeapYear(-4))
    }

    @Test func validationRejectsImpossibleFields() {
        #expect(!GregorianDate(year: 2001, month: 2, day: 29).isValid)
        #expect(GregorianDate(year: 2004, month: 2, day: 29).isValid)
        #expect(!GregorianDate(year: 2001, month: 13, day: 1).isValid)
        #expect(!GregorianDate(year: 2001, month: 4, day: 31).isValid)
        #expect(!GregorianDate(year: 2001, month: 1, day: 1, hour: 24).isValid)
        #expect(!GregorianDate(year: 2001, month: 1, day: 1, second: 60).isValid)
        #expect(!GregorianDate(year: 2001, month: 1, day: 0).isValid)
    }

    @Test func extremeSecondCountsDoNotOverflow() {
        let low = GregorianDate(secondsSinceReferenceDate: .min)
        let high = GregorianDate(secondsSinceReferenceDate: .max)
        #expect(low.isValid && high.isValid)
        #expect(low.year < -292_000_000_000 && high.year > 292_000_000_000)
    }
}
