import Foundation
import PropertyList
import Testing
import TestSupport

/// Dates through our XML writer and reader, through binary, and against Foundation and plistlib.
extension XMLPropertyListWriterTests {
    static func date(_ seconds: Double) -> PropertyListValue { .date(Date(timeIntervalSinceReferenceDate: seconds)) }

    /// Whole seconds in years 1 through 9999: the bounds, around 1970 and 2001, and random ones.
    static func wholeSecondDatesInFourDigitYears(count: Int, seed: UInt64) -> [PropertyListValue] {
        var random = SeededRandom(seed: seed)
        var seconds: [Double] = [-63_113_904_000, 252_423_993_599, 0, -1, 1, -978_307_200,
                                 Date.distantFuture.timeIntervalSinceReferenceDate]
        for _ in 0..<count {
            seconds.append(Double(random.inRange(-63_113_904_000 ... 252_423_993_599)))
        }
        return seconds.map { date($0) }
    }

    /// Dates every spelling path covers: distant past and future, year 0, negative years, the
    /// years around 9999 and 10000, fractions before and after 2001, and the nine-digit limits.
    static let datesOfEveryShape: [PropertyListValue] = {
        let seconds: [Double] = [
            Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate,
            -63_113_904_001, -63_145_526_400, -63_145_526_401, -100_000_000_000, -1e11 - 0.5, 1e11 + 0.25,
            252_423_993_599, 252_423_993_599.5, 252_423_993_600, 252_423_993_600.75, 1e15, -1e15, 0x1p52 - 0.5,
            0.5, 1e-6, -0.25, -1e-6, 0.1, 12.9, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            Double(XMLDateFields.earliestSecond), Double(XMLDateFields.secondLimit).nextDown,
        ]
        return seconds.map { date($0) }
    }()

    @Test func roundTripsDatesOfEveryShapeBitExactlyThroughXMLAndBinary() throws {
        for value in Self.datesOfEveryShape {
            #expect(try roundTrip(value) == value, "XML \(value)")
            #expect(try roundTrip([value, ["at": value]]) == [value, ["at": value]], "XML \(value)")
            let binary = try BinaryPropertyListReader().read(BinaryPropertyListWriter().write(value))
            #expect(binary == value, "binary \(value)")
        }
        // Binary holds every Double, the ones XML refuses included.
        for seconds in [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -0.0] {
            let value = Self.date(seconds)
            #expect(try BinaryPropertyListReader().read(BinaryPropertyListWriter().write(value)) == value, "\(seconds)")
        }
    }

    @Test func roundTripsRandomDatesWithinAHundredBillionSecondsBitExactly() throws {
        var random = SeededRandom(seed: 0xDA7E_0003)
        var dates: [PropertyListValue] = []
        for index in 0..<4_000 {
            var seconds = XMLDateFieldsTests.uniform(&random, magnitude: 1e11)
            // A quarter are whole seconds, a quarter have microseconds (like `Date()`), the rest any fraction.
            switch index % 4 {
            case 0: seconds.round(.down)
            case 1: seconds = (seconds * 1e6).rounded() / 1e6
            default: break
            }
            dates.append(Self.date(seconds))
        }
        let value = PropertyListValue.array(dates)
        let back = try roundTrip(value)
        #expect(back == value)
        if back != value, case .array(let elements) = back {
            for (ours, theirs) in zip(dates, elements) where ours != theirs {
                Issue.record("\(ours) read back as \(theirs)")
                break
            }
        }
    }

    @Test func writesDistantPastAndDistantFutureAsFoundationDoes() throws {
        for date in [Date.distantPast, .distantFuture] {
            let theirs = try PropertyListSerialization.data(fromPropertyList: [date, ["when": date]], format: .xml, options: 0)
            let ours = try XMLPropertyListWriter().write([.date(date), ["when": .date(date)]])
            #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
        }
    }

    @Test func readsWhatFoundationWritesForDistantPastDistantFutureAndOtherYears() throws {
        // Foundation writes years before 0 as C's `%04d` does (`-001`) and years after 9999 unsigned.
        let seconds: [Double] = [Date.distantPast.timeIntervalSinceReferenceDate,
                                 Date.distantFuture.timeIntervalSinceReferenceDate,
                                 -63_145_526_401, -94_618_540_800, -100_000_000_000, 252_423_993_600, 1e15, -1e15]
        for second in seconds {
            let theirs = try PropertyListSerialization.data(
                fromPropertyList: Date(timeIntervalSinceReferenceDate: second), format: .xml, options: 0)
            #expect(try XMLPropertyListReader().read(theirs) == Self.date(second), "\(second)")
        }
    }

    @Test func foundationReadsOurWholeSecondDatesAsTheSameDates() throws {
        let dates = Self.wholeSecondDatesInFourDigitYears(count: 2_000, seed: 0xDA7E_0004)
        let xml = try XMLPropertyListWriter().write(.array(dates))
        let objects = try #require(try PropertyListSerialization.propertyList(from: xml, format: nil) as? [Date])
        #expect(objects.map(\.timeIntervalSinceReferenceDate) == dates.map { $0.dateValue?.timeIntervalSinceReferenceDate })
        // Foundation reads the other years too: four-digit `-0001` as well as its own `-001`.
        let expanded: [Double] = [Date.distantPast.timeIntervalSinceReferenceDate, -63_145_526_401, -94_618_540_800,
                                  -100_000_000_000, 252_423_993_600, 1e15, -1e15, Double(XMLDateFields.secondLimit) - 4]
        let expandedXML = try XMLPropertyListWriter().write(.array(expanded.map { Self.date($0) }))
        let expandedObjects = try PropertyListSerialization.propertyList(from: expandedXML, format: nil) as? [Date]
        #expect(expandedObjects?.map(\.timeIntervalSinceReferenceDate) == expanded)
    }

    @Test(.enabled(if: PythonOracle.isAvailable, "plistlib oracle unavailable: \(PythonOracle.unavailableReason)"))
    func plistlibReadsOurWholeSecondDatesAsTheSameDates() throws {
        let oracle = try #require(PythonOracle.shared)
        let dates = Self.wholeSecondDatesInFourDigitYears(count: 2_000, seed: 0xDA7E_0005)
        let values: [PropertyListValue] = [.array(dates), ["first": dates[0], "last": dates[dates.count - 1]]]
        let answers = try oracle.read(values.map { try XMLPropertyListWriter().write($0) })
        #expect(answers.count == values.count)
        for (answer, value) in zip(answers, values) {
            switch answer {
            case .success(let line): #expect(line == value.canonicalJSON())
            case .failure(let refusal): Issue.record("plistlib refused our dates: \(refusal)")
            }
        }
    }

    @Test func refusesDatesThatAreNotFiniteOrOutsideNineDigitYearsWithTheirPath() throws {
        let earliest = Double(XMLDateFields.earliestSecond)
        let limit = Double(XMLDateFields.secondLimit)
        try expectUnrepresentable(["when": Self.date(earliest.nextDown)], path: "root[\"when\"]")
        try expectUnrepresentable([Self.date(limit)], path: "root[0]")
        try expectUnrepresentable(Self.date(.nan), path: "root")
        try expectUnrepresentable([1, ["x": Self.date(.infinity)]], path: "root[1][\"x\"]")
        try expectUnrepresentable(Self.date(-.infinity), path: "root")
        try expectUnrepresentable(.date(.distantFuture.addingTimeInterval(1e300)), path: "root")
        try expectUnrepresentable(Self.date(-.greatestFiniteMagnitude), path: "root")
        let error = try #require(throws: PropertyListError.self) { try XMLPropertyListWriter().write(Self.date(1e17)) }
        #expect(error.description.contains("-999999999 through 999999999"), "\(error)")
    }
}
